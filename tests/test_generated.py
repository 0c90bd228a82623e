"""Generated files match what their generator produces now (pydml/schema/generate.py)."""

from __future__ import annotations

import pytest

from pydml.schema import generate

CASES = [(generate.DESCS, generate.generate_descs), (generate.CONSTANTS, generate.generate_constants),
         (generate.C_TABLES, generate.generate_c_tables),
         (generate.FAMILY_TABLE, generate.generate_family_table)]


@pytest.mark.parametrize("path, make", CASES, ids=lambda v: getattr(v, "name", ""))
def test_generated_file_is_current(path, make) -> None:
    assert path.read_text() == make(), (
        f"{path.name} is stale: run `python -m pydml.schema.generate` and commit the result")
    assert "Do not edit" in path.read_text()[:600]
