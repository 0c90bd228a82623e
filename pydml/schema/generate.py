"""Generate ``pydml/descs.py`` and ``native/schema/schema_tables.c`` from the header and the tables.

Run ``python -m pydml.schema.generate`` after changing ``include/DirectML.h`` or a family's
``TABLES``/``DEFAULTS``/``FUSABLE``; ``tests/test_generated.py`` fails when the checked-in files
differ from what this produces.
"""

from __future__ import annotations

import enum
import math
import sys
from pathlib import Path
from typing import Any

from pydml.enums import _PREFIXES, ENUM_BY_CTYPE, CEnum, OperatorType
from pydml.registry import (
    INTRODUCED_AT,
    FieldSpec,
    FieldType,
    Role,
    _field_specs,
    class_name,
    families,
    struct_name,
)
from pydml.schema import header as header_module
from pydml.schema.tables import DATA_TYPES, OperatorTables, level_value

ROOT = Path(__file__).resolve().parent.parent.parent
DESCS = ROOT / "pydml" / "descs.py"
CONSTANTS = ROOT / "pydml" / "constants.py"
C_TABLES = ROOT / "native" / "schema" / "schema_tables.c"
FAMILY_TABLE = ROOT / "native" / "api" / "family_table.c"
RULE_TABLE = ROOT / "native" / "validate" / "rule_table.c"
RULE_FUNCTIONS = ROOT / "native" / "validate" / "rule_functions.h"
BANNER = ("Generated from include/DirectML.h and the family tables in pydml/ops/ by "
          "`python -m pydml.schema.generate`. Do not edit.")


def _fusable_hosts() -> dict[str, tuple[str, ...]]:
    """Activations that fuse into some operators only (the families' FUSABLE_HOSTS)."""
    out: dict[str, tuple[str, ...]] = {}
    for module in families():
        out.update(getattr(module, "FUSABLE_HOSTS", {}))
    return out


def _entries() -> list[tuple[OperatorTables, dict[str, Any], str | None]]:
    out = []
    for module in families():
        defaults = getattr(module, "DEFAULTS", {})
        fusable = getattr(module, "FUSABLE", {})
        for t in module.TABLES:
            out.append((t, defaults.get(t.name, {}), fusable.get(t.name)))
    return sorted(out, key=lambda e: int(OperatorType[e[0].name]))


# ---- Python ------------------------------------------------------------------------------


def _enum_expr(value: Any) -> str:
    cls = type(value)
    return f'{cls.__name__}["{value.name}"]'


def _value_expr(value: Any) -> str:
    if isinstance(value, enum.Enum):
        return _enum_expr(value)
    if isinstance(value, float):
        if math.isinf(value):
            return 'float("inf")' if value > 0 else 'float("-inf")'
        return repr(value)
    return repr(value)  # numbers, and the frozen structs (Size2D(...)) whose repr is code


def _annotation(spec: FieldSpec, counts: set[str]) -> tuple[str, str | None]:
    """A field's annotation and default; None: required (a scalar C has no NULL for).

    Scalars (numbers, BOOL, enums, DML_SIZE_2D, DML_SCALAR_UNION) have no default: C
    zero-initialisation is no value a page states (GEMM's Alpha of 0 would return zeros without
    a word), so a desc that leaves one out is a TypeError naming it, as DxDispatch's reader refuses
    a model without it. A family's DEFAULTS gives one where the page states a typical default.
    Pointers default to None (NULL: the validator judges whether the field is optional), counts to
    None (derived from their arrays).
    """
    t = spec.type
    if spec.name in counts:
        return "int | None", "None"
    if t is FieldType.TENSOR_DESC:
        return "AnyTensorDesc | None", "None"
    if t is FieldType.TENSOR_DESC_ARRAY:
        return "Sequence[AnyTensorDesc] | None", "None"
    if t is FieldType.OPERATOR_DESC:
        return "Any", "None"
    if t is FieldType.OPERATOR_DESC_ARRAY:
        return "Sequence[Any] | None", "None"
    if t in (FieldType.UINT, FieldType.INT, FieldType.UINT64):
        return "int", None
    if t is FieldType.FLOAT:
        return "float", None
    if t is FieldType.BOOL:
        return "bool", None
    if t in (FieldType.ENUM, FieldType.FLAGS):
        assert spec.enum is not None
        return f"{spec.enum.__name__} | int | str", None
    if t in (FieldType.UINT_ARRAY, FieldType.INT_ARRAY):
        return "Sequence[int] | None", "None"
    if t is FieldType.FLOAT_ARRAY:
        return "Sequence[float] | None", "None"
    if t is FieldType.SIZE_2D:
        return "Size2D", None
    if t is FieldType.SCALE_BIAS:
        return "ScaleBias | None", "None"
    return "ScalarUnion | int | float", None


def generate_descs() -> str:
    """The text of pydml/descs.py."""
    header = header_module.read()
    lines = [f'"""The 177 DirectML operator descs as frozen dataclasses, fields in C order.\n\n'
             f'{BANNER}\n\n'
             "Scalar fields (numbers, BOOL, enums, DML_SIZE_2D, DML_SCALAR_UNION) are required, "
             "except where\nthe page states a typical default (a family's DEFAULTS). Pointer "
             "fields default to None (NULL);\ncount fields default to None: derived from their "
             'arrays\' lengths.\n"""', "",
             "from __future__ import annotations", "",
             "from collections.abc import Sequence",
             "from typing import Any, ClassVar", "",
             "from pydml.desc_class import OperatorDescBase, operator_desc",
             "from pydml.enums import ("]
    enums_at = len(lines)  # the used enum classes are inserted here at the end
    lines += ["from pydml.structs import ScalarUnion, ScaleBias, Size2D",
              "from pydml.tensor import AnyTensorDesc", ""]
    names: list[str] = []
    for tables, defaults, _ in _entries():
        op = tables.name
        c_name = struct_name(op)
        cls = class_name(op)
        specs = _field_specs(header.structs[c_name], tables)
        counts = {s.count for s in specs if s.count}
        unknown = set(defaults) - {s.name for s in specs}
        if unknown:
            raise ValueError(f"{op}: DEFAULTS names unknown fields {sorted(unknown)}")
        level = INTRODUCED_AT[OperatorType[op]].c_name
        lines += ["", "@operator_desc",
                  f"class {cls}(OperatorDescBase):",
                  f'    """{c_name}: DML_OPERATOR_{op}, from {level}."""', "",
                  f'    C_NAME: ClassVar[str] = "{c_name}"',
                  f'    OPERATOR: ClassVar[str] = "{op}"', ""]
        for spec in specs:
            annotation, default = _annotation(spec, counts)
            if spec.name in defaults:
                default = _value_expr(defaults[spec.name])
            lines.append(f"    {spec.name}: {annotation}" + ("" if default is None else f" = {default}"))
        lines.append("")
        lines.append(f"{c_name} = {cls}")
        names += [cls, c_name]
        if op == "SCATTER_ELEMENTS":
            lines.append(f"DML_SCATTER_ELEMENTS_OPERATOR_DESC = {cls}")
            names.append("DML_SCATTER_ELEMENTS_OPERATOR_DESC")
    lines += ["", "__all__ = ["] + [f'    "{n}",' for n in ["OperatorDescBase", *names]] + ["]", ""]
    used = sorted({cls.__name__ for cls in ENUM_BY_CTYPE.values()
                   if any(f"{cls.__name__} |" in line or f"{cls.__name__}[" in line
                          for line in lines)})
    lines[enums_at:enums_at] = [f"    {name}," for name in used] + [")"]
    return "\n".join(lines)


def generate_constants() -> str:
    """The text of pydml/constants.py: every enumerator of the header, named as in C."""
    lines = ['"""Every DirectML enumerator as a module-level constant, named exactly as in C.', "",
             f'{BANNER}', '"""', "", "from __future__ import annotations", "",
             "from typing import Final", "", "from pydml.enums import ("]
    classes = sorted({cls.__name__ for cls in ENUM_BY_CTYPE.values()})
    lines += [f"    {c}," for c in classes] + [")", ""]
    names: list[str] = []
    for cls in ENUM_BY_CTYPE.values():
        for key, member in cls.__members__.items():
            c_name = _PREFIXES[cls.__name__] + key
            if key == member.name and isinstance(member, CEnum):
                c_name = member.c_name  # DML_FEATURE_LEVEL_5_1 for FeatureLevel.FL5_1
            lines.append(f'{c_name}: Final[{cls.__name__}] = {cls.__name__}["{key}"]')
            names.append(c_name)
    lines += ["", "__all__ = ["] + [f'    "{n}",' for n in names] + ["]", ""]
    return "\n".join(lines)


# ---- C -----------------------------------------------------------------------------------

_KINDS = {
    FieldType.TENSOR_DESC: "PYDML_FIELD_TENSOR", FieldType.TENSOR_DESC_ARRAY: "PYDML_FIELD_TENSOR_ARRAY",
    FieldType.OPERATOR_DESC: "PYDML_FIELD_OPERATOR",
    FieldType.OPERATOR_DESC_ARRAY: "PYDML_FIELD_OPERATOR_ARRAY", FieldType.UINT: "PYDML_FIELD_UINT",
    FieldType.UINT64: "PYDML_FIELD_UINT64", FieldType.INT: "PYDML_FIELD_INT",
    FieldType.FLOAT: "PYDML_FIELD_FLOAT", FieldType.BOOL: "PYDML_FIELD_BOOL",
    FieldType.ENUM: "PYDML_FIELD_ENUM", FieldType.FLAGS: "PYDML_FIELD_ENUM",
    FieldType.UINT_ARRAY: "PYDML_FIELD_UINT_ARRAY", FieldType.INT_ARRAY: "PYDML_FIELD_INT_ARRAY",
    FieldType.FLOAT_ARRAY: "PYDML_FIELD_FLOAT_ARRAY", FieldType.SIZE_2D: "PYDML_FIELD_SIZE_2D",
    FieldType.SCALE_BIAS: "PYDML_FIELD_SCALE_BIAS",
    FieldType.SCALAR_UNION: "PYDML_FIELD_SCALAR_UNION",
}
_ROLES = {Role.ATTRIBUTE: "PYDML_ROLE_ATTRIBUTE", Role.INPUT_TENSOR: "PYDML_ROLE_INPUT",
          Role.OUTPUT_TENSOR: "PYDML_ROLE_OUTPUT"}


def _mask(values: tuple[int, ...]) -> str:
    return f"0x{sum(1 << v for v in values):04x}"


def generate_c_tables() -> str:
    """The text of native/schema/schema_tables.c."""
    header = header_module.read()
    enum_names = list(header.enums)
    out = [f"/* The operator schema as C tables (native/schema/schema.h).\n * {BANNER} */",
           '#include "schema.h"', ""]
    for i, name in enumerate(enum_names):
        values = header.enums[name].values
        out.append(f"static const uint32_t enum{i}_values[] = "
                   f"{{{', '.join(str(v) for _, v in values)}}};")
        out.append(f"static const char* const enum{i}_names[] = "
                   f"{{{', '.join(chr(34) + n + chr(34) for n, _ in values)}}};")
    out.append("const pydml_enum_info pydml_enums[] = {")
    for i, name in enumerate(enum_names):
        out.append(f'    {{"{name}", {len(header.enums[name].values)}, enum{i}_values, enum{i}_names}},')
    out += ["};", f"const uint32_t pydml_enum_count = {len(enum_names)};", ""]
    levels = [v for _, v in header.enums["DML_FEATURE_LEVEL"].values]
    out.append(f"const uint32_t pydml_feature_levels[] = {{{', '.join(hex(v) for v in levels)}}};")
    out += [f"const uint32_t pydml_feature_level_count = {len(levels)};", ""]
    infos: list[str] = []
    hosts_of = _fusable_hosts()
    for tables, _, fusable in _entries():
        op = tables.name
        c_name = struct_name(op)
        specs = _field_specs(header.structs[c_name], tables)
        index = {s.name: i for i, s in enumerate(specs)}
        ident = op.lower()
        out.append(f"static const pydml_field_info {ident}_fields[] = {{")
        for s in specs:
            enum_index = enum_names.index(s.ctype) if s.enum is not None else -1
            count = index[s.count] if s.count else -1
            type_field = index[s.data_type_field] if s.data_type_field else -1
            out.append(f'    {{"{s.name}", offsetof({c_name}, {s.name}), {_KINDS[s.type]}, '
                       f"{_ROLES[s.role]}, {int(s.optional)}, {count}, {type_field}, {enum_index}}},")
        out.append("};")
        levels_sorted = sorted(tables.support, key=level_value)
        rows: list[str] = []
        heads: list[str] = []
        for level in levels_sorted:
            first = len(rows)
            for r in tables.support[level]:
                types = tuple(DATA_TYPES.index(t) for t in r.data_types)
                rows.append(f"    {{{index[r.tensor]}, {int(r.optional)}, {_mask(r.dimension_counts)}, "
                            f"{_mask(types)}}}, /* {r.tensor} */")
            heads.append(f"    {{0x{level_value(level):04x}, {first}, {len(rows) - first}}},")
        if rows:
            out += [f"static const pydml_support_row {ident}_rows[] = {{", *rows, "};",
                    f"static const pydml_support_table {ident}_tables[] = {{", *heads, "};"]
        constraints = []
        for c in tables.constraints:
            bits = " | ".join({"DataType": "PYDML_SAME_DATA_TYPE",
                               "DimensionCount": "PYDML_SAME_DIMENSION_COUNT",
                               "Sizes": "PYDML_SAME_SIZES"}[p] for p in c.properties)
            # In field order, so "must match X" names the first field, whatever the page's order.
            members = ", ".join(str(i) for i in sorted(index[t] for t in c.tensors))
            constraints.append(f"    {{{bits}, {len(c.tensors)}, {{{members}}}}},")
        if constraints:
            out += [f"static const pydml_constraint {ident}_constraints[] = {{", *constraints, "};"]
        fusable_level = f"0x{level_value(fusable):04x}" if fusable else "0"
        hosts = hosts_of.get(op)
        if hosts:
            host_values = ", ".join(f"{int(OperatorType[h])} /* {h} */" for h in hosts)
            out.append(f"static const uint32_t {ident}_fusable_hosts[] = {{{host_values}, 0}};")
        introduced = int(INTRODUCED_AT[OperatorType[op]])
        infos.append(
            f'    {{{int(OperatorType[op])}, "DML_OPERATOR_{op}", "{c_name}", 0x{introduced:04x}, '
            f"{fusable_level}, {len(specs)}, {len(heads)}, {len(constraints)}, {ident}_fields, "
            f"{ident + '_tables' if rows else 'NULL'}, {ident + '_rows' if rows else 'NULL'}, "
            f"{ident + '_constraints' if constraints else 'NULL'}, "
            f"{ident + '_fusable_hosts' if hosts else 'NULL'}}},")
        out.append("")
    out += ["const pydml_operator_info pydml_operator_infos[] = {", *infos, "};",
            f"const uint32_t pydml_operator_info_count = {len(infos)};", ""]
    return "\n".join(out)


def generate_family_table() -> str:
    """native/api/family_table.c: which kernel family runs each operator type (each schema entry's
    ``kernel``). The API layer's dispatch; the families keep no list of their own members."""
    entries = [(t, int(OperatorType[t.name])) for t, _, _ in _entries() if t.kernel is not None]
    size = max(int(v) for v in OperatorType) + 1
    out = [f"/* Which kernel family runs each DML_OPERATOR_TYPE (native/api/families.h).\n * {BANNER} */",
           '#include "families.h"', "",
           f"static const pydml_kernel_family* const family_of_type[{size}] = {{"]
    out += [f"    [{value}] = &pydml_family_{t.kernel}, /* {t.name} */" for t, value in entries]
    out += ["};", "",
            "const pydml_kernel_family* pydml_find_family(uint32_t type) {",
            f"    return type < {size}u ? family_of_type[type] : NULL;",
            "}", ""]
    return "\n".join(out)


def rule_function(rules: str) -> str:
    """The C function a schema entry's ``rules="file[.name]"`` names."""
    return "pydml_rule_" + rules.replace(".", "_")


def generate_rule_functions() -> str:
    """native/validate/rule_functions.h: the declarations of the operators' own rule functions."""
    names = sorted({rule_function(t.rules) for t, _, _ in _entries() if t.rules is not None})
    out = ["/* The operators' own rule functions (native/validate/rules_<file>.c), one per schema entry's",
           f" * rules= (pydml/ops/<family>.py). {BANNER} */",
           "#ifndef PYDML_NATIVE_RULE_FUNCTIONS_H", "#define PYDML_NATIVE_RULE_FUNCTIONS_H", "",
           '#include "schema.h"', ""]
    signature = "(pydml_check* c, const pydml_operator_info* op, const void* desc);"
    out += [f"pydml_status {n}{signature}" for n in names]
    out += ["", "#endif /* PYDML_NATIVE_RULE_FUNCTIONS_H */", ""]
    return "\n".join(out)


def generate_rule_table() -> str:
    """native/validate/rule_table.c: which own-rule function validate.c runs for each operator
    type (each schema entry's ``rules``). The rule files keep no list of their operators."""
    entries = [(t.name, t.rules, int(OperatorType[t.name])) for t, _, _ in _entries() if t.rules is not None]
    size = max(int(v) for v in OperatorType) + 1
    out = ["/* Which own-rule function validate.c runs for each DML_OPERATOR_TYPE (rules.h).",
           f" * {BANNER} */",
           '#include "rules.h"', "",
           f"static const pydml_rule_fn rules_of_type[{size}] = {{"]
    out += [f"    [{value}] = {rule_function(rules)}, /* {name} */" for name, rules, value in entries]
    out += ["};", "",
            "pydml_rule_fn pydml_find_rules(uint32_t type) {",
            f"    return type < {size}u ? rules_of_type[type] : NULL;",
            "}", ""]
    return "\n".join(out)


def main() -> int:
    """Write every generated file; print which changed."""
    for path, text in ((DESCS, generate_descs()), (CONSTANTS, generate_constants()),
                       (C_TABLES, generate_c_tables()), (FAMILY_TABLE, generate_family_table()),
                       (RULE_TABLE, generate_rule_table()), (RULE_FUNCTIONS, generate_rule_functions())):
        old = path.read_text() if path.exists() else ""
        if old != text:
            path.write_text(text)
            print(f"wrote {path.relative_to(ROOT)}")
    return 0


if __name__ == "__main__":
    sys.exit(main())
