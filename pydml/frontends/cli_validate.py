"""``pydml validate``: parse and validate every dispatchable of a model at a feature level."""

from __future__ import annotations

import argparse
import sys
from pathlib import Path
from typing import Any

from pydml.frontends.cli_common import (
    _dispatchables_of,
    _emit_json,
    _kind,
    _level,
    check_dispatchable,
    explain_graph,
)
from pydml.frontends.dxdispatch import (
    Dispatchable,
    ModelError,
    load_file,
)


def cmd_validate(args: argparse.Namespace) -> int:
    level = _level(args.feature_level)
    path = Path(args.file)
    try:
        items = _dispatchables_of(load_file(path), path)
    except ModelError as e:
        if args.json:
            _emit_json({"file": str(path), "featureLevel": level.c_name, "valid": False,
                        "exitCode": 2, "error": str(e), "dispatchables": []})
        else:
            sys.stderr.write(f"pydml validate: {e}\n")
        return 2
    report: list[dict[str, Any]] = []
    code = 0
    for name, obj in items.items():
        d, problems = check_dispatchable(name, obj, level, path.parent)
        for p in problems:
            code = max(code, 2 if p["unsupported"] else 1)
        entry: dict[str, Any] = {"name": name, "type": _kind(d) if d is not None else None,
                                 "valid": not problems, "problems": problems}
        if d is not None and (not isinstance(d, Dispatchable) or d.compile_type == "DmlCompileGraph"):
            entry["graph"] = explain_graph(name, d)  # node by node, so a problem's node can be found
        report.append(entry)
    if args.json:
        _emit_json({"file": str(path), "featureLevel": level.c_name, "valid": code == 0,
                    "exitCode": code, "dispatchables": report})
    elif code == 0:
        print("ok")
    else:
        for entry in report:
            for p in entry["problems"]:
                print(p["message"])
            if entry["problems"] and "graph" in entry:
                print("\n".join(entry["graph"]))
    return code


# ---------------------------------------------------------------------------------------------
# list
