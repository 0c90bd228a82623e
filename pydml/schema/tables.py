"""The per-operator facts of the documentation pages, as data: tensor support and constraints.

Each operator's page (MicrosoftDocs/sdk-api, ``ns-directml-dml_<name>_operator_desc.md``) has a
"Tensor constraints" list and one "Tensor support" table per feature level ("DML_FEATURE_LEVEL_4_0
and above"). A family module (``pydml/ops/<family>.py``) transcribes them with :func:`operator`:

    TABLES = [
        operator(
            "GEMM",
            page="2cd469d9bd0f6451ad53ff1b136ad9b5d4eb6593",   # sdk-api commit read
            introduced="1_0",                                    # the page's "Availability"
            constraints=[
                "same DataType DimensionCount: ATensor BTensor CTensor OutputTensor",
                "same Sizes: CTensor OutputTensor",
            ],
            support={
                "4_0": '''
                    ATensor       input           2-4  FLOAT32 FLOAT16  {[BatchCount],[ChannelCount],M,K}
                    BTensor       input           2-4  FLOAT32 FLOAT16
                    CTensor       optional-input  2-4  FLOAT32 FLOAT16
                    OutputTensor  output          2-4  FLOAT32 FLOAT16
                ''',
                "1_0": '''...''',
            },
        ),
    ]

Row grammar: ``Tensor kind counts TYPE... [{shape}]``. ``kind`` is input, optional-input, output
or optional-output (the page's "Kind" column); ``counts`` is ``4``, ``1-8`` or ``4,5``; data types
are DML_TENSOR_DATA_TYPE suffixes; the optional ``{...}`` (no spaces) is the page's "Dimensions"
column. Each level's table is complete: it replaces the previous level's table, as on the pages.

Constraint grammar: ``same <Property>...: <Tensor>...`` with properties DataType, DimensionCount and
Sizes; any other page rule is kept as ``note: <the rule restated>`` for the operator's own checks.

This module is pure Python (no compiled code): the generators read it before anything is built.
"""

from __future__ import annotations

import re
from dataclasses import dataclass, field

#: DML_TENSOR_DATA_TYPE suffixes, in enum order (value = index).
DATA_TYPES = ("UNKNOWN", "FLOAT32", "FLOAT16", "UINT32", "UINT16", "UINT8", "INT32", "INT16",
              "INT8", "FLOAT64", "UINT64", "INT64", "UINT4", "INT4")

#: DML_FEATURE_LEVEL suffixes; the value is 0xMN00 for "M_N".
LEVELS = ("1_0", "2_0", "2_1", "3_0", "3_1", "4_0", "4_1", "5_0", "5_1", "5_2", "6_0", "6_1",
          "6_2", "6_3", "6_4")

KINDS = ("input", "optional-input", "output", "optional-output")
PROPERTIES = ("DataType", "DimensionCount", "Sizes")


def level_value(level: str) -> int:
    """``"5_1"`` -> 0x5100."""
    major, minor = level.split("_")
    return (int(major) << 12) | (int(minor) << 8)


@dataclass(frozen=True)
class TensorRow:
    """One row of a "Tensor support" table."""

    tensor: str
    kind: str
    dimension_counts: tuple[int, ...]
    data_types: tuple[str, ...]
    shape: str = ""

    @property
    def is_output(self) -> bool:
        """The page calls it an output."""
        return self.kind.endswith("output")

    @property
    def optional(self) -> bool:
        """The page calls it optional."""
        return self.kind.startswith("optional")


@dataclass(frozen=True)
class Constraint:
    """``same <properties>: <tensors>``."""

    properties: tuple[str, ...]
    tensors: tuple[str, ...]


@dataclass(frozen=True)
class OperatorTables:
    """Everything one page says as data."""

    name: str
    page: str
    introduced: str
    support: dict[str, tuple[TensorRow, ...]]  # feature level suffix -> complete table
    constraints: tuple[Constraint, ...]
    notes: tuple[str, ...] = field(default=())
    #: the C kernel family that executes it (native/families/<kernel>.c, or an engine: gemm,
    #: elementwise); None: validated only. Generates native/api/family_table.c.
    kernel: str | None = None
    #: its own rules beyond the tables: ``"<file>"`` or ``"<file>.<name>"`` names the C function
    #: pydml_rule_<file>[_<name>] in native/validate/rules_<file>.c; None: the tables say it all.
    #: Generates native/validate/rule_table.c and rule_functions.h.
    rules: str | None = None

    def table_at(self, level: str) -> tuple[TensorRow, ...] | None:
        """The table in force at ``level`` (the newest not above it), None before the first."""
        best = None
        for key in self.support:
            if level_value(key) <= level_value(level) and (
                    best is None or level_value(key) > level_value(best)):
                best = key
        return None if best is None else self.support[best]

    @property
    def tensors(self) -> tuple[str, ...]:
        """Every tensor named in any table, in first-seen order."""
        seen: dict[str, None] = {}
        for rows in self.support.values():
            for row in rows:
                seen.setdefault(row.tensor)
        return tuple(seen)


class TableError(ValueError):
    """A transcription that does not follow the grammar."""


_COUNTS = re.compile(r"^(\d+)(?:-(\d+))?$")


def _counts(text: str, where: str) -> tuple[int, ...]:
    out: list[int] = []
    for part in text.split(","):
        m = _COUNTS.match(part)
        if not m:
            raise TableError(f"{where}: bad dimension counts {text!r}")
        lo = int(m.group(1))
        hi = int(m.group(2) or lo)
        if not 1 <= lo <= hi <= 8:
            raise TableError(f"{where}: dimension counts {text!r} outside 1..8")
        out.extend(range(lo, hi + 1))
    return tuple(sorted(set(out)))


def parse_row(line: str, where: str) -> TensorRow:
    """One ``Tensor kind counts TYPE... [{shape}]`` line."""
    shape = ""
    if "{" in line:
        line, _, rest = line.partition("{")
        shape = "{" + rest.strip()
        if not shape.endswith("}"):
            raise TableError(f"{where}: shape {shape!r} must end with '}}'")
    parts = line.split()
    if len(parts) < 4:
        raise TableError(f"{where}: row {line!r} needs a tensor, a kind, counts and types")
    tensor, kind, counts, *types = parts
    if kind not in KINDS:
        raise TableError(f"{where}: kind {kind!r} is not one of {', '.join(KINDS)}")
    for t in types:
        if t not in DATA_TYPES[1:]:
            raise TableError(f"{where}: {t!r} is not a DML_TENSOR_DATA_TYPE suffix")
    return TensorRow(tensor, kind, _counts(counts, where), tuple(types), shape)


def parse_constraint(text: str, where: str) -> Constraint | str:
    """A ``same ...: ...`` constraint, or the text of a ``note:``."""
    text = " ".join(text.split())
    if text.startswith("note:"):
        return text.removeprefix("note:").strip()
    if not text.startswith("same ") or ":" not in text:
        raise TableError(f"{where}: constraint {text!r} must be 'same <props>: <tensors>' or "
                         "'note: ...'")
    head, _, tail = text.partition(":")
    props = tuple(head.split()[1:])
    tensors = tuple(tail.split())
    for p in props:
        if p not in PROPERTIES:
            raise TableError(f"{where}: {p!r} is not one of {', '.join(PROPERTIES)}")
    if not props or len(tensors) < 2:
        raise TableError(f"{where}: constraint {text!r} needs a property and two tensors")
    return Constraint(props, tensors)


def operator(name: str, *, page: str, introduced: str, support: dict[str, str],
             constraints: list[str] | tuple[str, ...] = (),
             notes: list[str] | tuple[str, ...] = (), kernel: str | None = None,
             rules: str | None = None) -> OperatorTables:
    """Parse one operator's transcription (see the module docstring)."""
    if introduced not in LEVELS:
        raise TableError(f"{name}: introduced {introduced!r} is not one of {', '.join(LEVELS)}")
    tables: dict[str, tuple[TensorRow, ...]] = {}
    for level, text in support.items():
        if level not in LEVELS:
            raise TableError(f"{name}: feature level {level!r} is not one of {', '.join(LEVELS)}")
        rows = tuple(parse_row(line, f"{name} [{level}]")
                     for line in text.strip().splitlines() if line.strip())
        names = [r.tensor for r in rows]
        if len(set(names)) != len(names):
            raise TableError(f"{name} [{level}]: a tensor is listed twice")
        tables[level] = rows
    if rules is not None and not re.fullmatch(r"[a-z0-9_]+(\.[a-z0-9_]+)?", rules):
        raise TableError(f"{name}: rules {rules!r} is not '<file>' or '<file>.<name>'")
    parsed = [parse_constraint(c, name) for c in constraints]
    return OperatorTables(
        name=name, page=page, introduced=introduced, support=tables,
        constraints=tuple(c for c in parsed if isinstance(c, Constraint)),
        notes=tuple(c for c in parsed if isinstance(c, str)) + tuple(notes),
        kernel=kernel, rules=rules,
    )
