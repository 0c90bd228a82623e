"""``pydml list``: every operator type, the level that introduced it, whether pydml executes it."""

from __future__ import annotations

import argparse
from typing import Any

from pydml.enums import FeatureLevel
from pydml.frontends.cli_common import (
    _emit_json,
    _level,
)


def _support_json(schema: Any, level: FeatureLevel) -> dict[str, Any]:
    """The operator's page tables at ``level``: per tensor field its kind, dimension counts and data
    types (``null`` where the page lists none), and the groups that must share a property."""
    table = schema.support_at(level)
    tensors = []
    for spec in schema.tensor_fields:
        row = None if table is None else table.get(spec.name)
        tensors.append({
            "name": spec.name, "role": spec.role.name.lower(), "optional": spec.optional,
            "kind": None if row is None else row.kind,
            "dimensionCounts": None if row is None else list(row.dimension_counts),
            "dataTypes": None if row is None else [f"DML_TENSOR_DATA_TYPE_{d}" for d in row.data_types],
            **({"shape": row.shape} if row is not None and row.shape else {}),
        })
    return {"tensors": tensors,
            "constraints": [{"same": list(c.properties), "tensors": list(c.tensors)}
                            for c in schema.tables.constraints]}


def cmd_list(args: argparse.Namespace) -> int:
    from pydml.enums import OperatorType
    from pydml.registry import INTRODUCED_AT, all_schemas

    level = _level(args.feature_level)  # DEFAULT_LEVEL (6_4, every operator) when not given
    known = {s.type: s for s in all_schemas()}
    rows = []
    operators: Any = OperatorType
    for op in sorted(operators, key=int):
        if op not in INTRODUCED_AT:  # DML_OPERATOR_INVALID
            continue
        introduced = INTRODUCED_AT[op]
        if introduced > level:
            continue
        schema = known.get(op)
        row: dict[str, Any] = {"type": op.c_name, "value": int(op), "introduced": introduced.c_name,
                               "validates": schema is not None,
                               "executes": bool(schema is not None and schema.executes)}
        if args.json and schema is not None:
            row.update(_support_json(schema, level))
        rows.append(row)
    if args.json:
        _emit_json({"featureLevel": level.c_name, "operators": rows})
        return 0
    width = max(len(r["type"]) for r in rows)
    print(f"{'operator':<{width}}  introduced  validates  executes")
    for r in rows:
        print(f"{r['type']:<{width}}  {r['introduced'].removeprefix('DML_FEATURE_LEVEL_'):<10}  "
              f"{'yes' if r['validates'] else 'no':<9}  {'yes' if r['executes'] else 'no'}")
    v = sum(r["validates"] for r in rows)
    x = sum(r["executes"] for r in rows)
    print(f"{len(rows)} operator types; pydml validates {v} and executes {x}")
    return 0


# ---------------------------------------------------------------------------------------------
# explain
