"""Generated files match what their generator produces now (pydml/schema/generate.py)."""

from __future__ import annotations

import pytest

from pydml.schema import generate

CASES = [(generate.DESCS, generate.generate_descs), (generate.CONSTANTS, generate.generate_constants),
         (generate.C_TABLES, generate.generate_c_tables),
         (generate.FAMILY_TABLE, generate.generate_family_table),
         (generate.RULE_TABLE, generate.generate_rule_table),
         (generate.RULE_FUNCTIONS, generate.generate_rule_functions)]


@pytest.mark.parametrize("path, make", CASES, ids=lambda v: getattr(v, "name", ""))
def test_generated_file_is_current(path, make) -> None:
    assert path.read_text() == make(), (
        f"{path.name} is stale: run `python -m pydml.schema.generate` and commit the result")
    assert "Do not edit" in path.read_text()[:600]


def test_each_rule_function_is_named_by_a_schema_entry_in_its_file() -> None:
    # rules="file.name" is the one place that says which operator runs pydml_rule_file_name: the
    # function lives in native/validate/rules_<file>.c, and no rule function is left unnamed
    import re

    from pydml.registry import all_schemas

    named: dict[str, str] = {}
    for schema in all_schemas():
        if schema.tables.rules is not None:
            named[generate.rule_function(schema.tables.rules)] = schema.tables.rules.split(".")[0]
    defined: dict[str, str] = {}
    for path in sorted((generate.ROOT / "native" / "validate").glob("rules_*.c")):
        for name in re.findall(r"^pydml_status (pydml_rule_\w+)\(", path.read_text(), re.M):
            defined[name] = path.stem.removeprefix("rules_")
    assert set(defined) == set(named), (set(defined) ^ set(named))
    assert all(defined[f] == named[f] for f in named)
