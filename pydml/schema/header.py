"""Read ``include/DirectML.h``: every struct's fields with their C types and SAL annotations.

The header is the single source of truth for layout, and its annotations carry two facts per
field that the schema needs: ``_Maybenull_`` (the pointer is optional) and
``_Field_size_(Count)`` (the array's length is the field ``Count``). This module reads them from
the text, in pure Python, so the generators run before anything is compiled. Offsets are not
computed here: the compiler is their authority (``tests/test_abi.py`` pins them).
"""

from __future__ import annotations

import re
from dataclasses import dataclass
from functools import cache
from pathlib import Path

HEADER = Path(__file__).resolve().parent.parent.parent / "include" / "DirectML.h"
INSTALLED_HEADER = Path(__file__).resolve().parent.parent / "include" / "DirectML.h"

_STRUCT = re.compile(r"typedef\s+(struct|union)\s+(\w+)\s*\{(.*?)\}\s*(\w+)\s*;", re.S)
_ENUM = re.compile(r"typedef\s+enum\s+(\w+)\s*\{(.*?)\}\s*(\w+)\s*;", re.S)
_ALIAS = re.compile(r"typedef\s+(?:struct\s+)?(\w+)\s+(\w+)\s*;")
_ANNOTATION = re.compile(r"\b(_Maybenull_|_Field_z_|_Field_size_[a-z_]*\((?:[^()]|\([^()]*\))*\))\s*")
_COUNT = re.compile(r"_Field_size_(opt_)?\((\w+)\)")
_FIELD = re.compile(
    r"^(?P<const>const\s+)?(?P<type>(?:struct\s+|union\s+|unsigned\s+)?[A-Za-z_]\w*)"
    r"(?:\s*(?P<ptr>\*)\s*|\s+)(?P<name>\w+)(?:\[(?P<dim>\d+)\])?\s*;$"
)


@dataclass(frozen=True)
class FieldDecl:
    """One struct member as declared."""

    name: str
    ctype: str            # the pointee for pointers: "DML_TENSOR_DESC", "UINT", ...
    pointer: bool
    maybenull: bool       # _Maybenull_
    count: str | None     # _Field_size_(count) / _Field_size_opt_(count)
    count_optional: bool  # _Field_size_opt_
    array_length: int | None = None  # fixed-size member, e.g. BYTE Bytes[8]


@dataclass(frozen=True)
class StructDecl:
    """A struct or union and its members, in declaration order."""

    name: str
    kind: str  # "struct" or "union"
    fields: tuple[FieldDecl, ...]

    def field(self, name: str) -> FieldDecl:
        """The member called ``name``."""
        for f in self.fields:
            if f.name == name:
                return f
        raise KeyError(f"{self.name}.{name}")


@dataclass(frozen=True)
class EnumDecl:
    """An enum and its enumerators (name -> value), in declaration order."""

    name: str
    values: tuple[tuple[str, int], ...]


@dataclass(frozen=True)
class Header:
    """Everything read from the header."""

    structs: dict[str, StructDecl]
    enums: dict[str, EnumDecl]
    aliases: dict[str, str]  # alias -> struct name


def _strip_comments(text: str) -> str:
    text = re.sub(r"/\*.*?\*/", " ", text, flags=re.S)
    return re.sub(r"//[^\n]*", " ", text)


def _parse_field(line: str, owner: str) -> FieldDecl:
    line = " ".join(line.split())
    annotations = _ANNOTATION.findall(line)
    m = _FIELD.match(_ANNOTATION.sub("", line))
    if m is None:
        raise ValueError(f"{owner}: cannot read the member declaration {line!r}")
    counts = [c for c in (_COUNT.fullmatch(a) for a in annotations) if c is not None]
    return FieldDecl(
        name=m.group("name"), ctype=m.group("type"), pointer=bool(m.group("ptr")),
        maybenull="_Maybenull_" in annotations, count=counts[0].group(2) if counts else None,
        count_optional=bool(counts and counts[0].group(1)),
        array_length=int(m.group("dim")) if m.group("dim") else None,
    )


def _eval(expr: str, known: dict[str, int]) -> int:
    expr = expr.strip()
    if re.fullmatch(r"0[xX][0-9a-fA-F]+|\d+", expr):
        return int(expr, 0)
    if expr in known:
        return known[expr]
    raise ValueError(f"cannot evaluate enumerator value {expr!r}")


def parse(text: str) -> Header:
    """Parse header text (the whole file; comments are ignored)."""
    text = _strip_comments(text)
    structs: dict[str, StructDecl] = {}
    for m in _STRUCT.finditer(text):
        kind, _tag, body, name = m.groups()
        members = [part.strip() + ";" for part in body.split(";") if part.strip()]
        structs[name] = StructDecl(name, kind, tuple(_parse_field(x, name) for x in members))
    enums: dict[str, EnumDecl] = {}
    for m in _ENUM.finditer(text):
        _tag, body, name = m.groups()
        values: list[tuple[str, int]] = []
        known: dict[str, int] = {}
        nxt = 0
        for item in (x.strip() for x in body.split(",")):
            if not item:
                continue
            key, _, expr = (p.strip() for p in item.partition("="))
            value = _eval(expr, known) if expr else nxt
            values.append((key, value))
            known[key] = value
            nxt = value + 1
        enums[name] = EnumDecl(name, tuple(values))
    aliases = {m.group(2): m.group(1) for m in _ALIAS.finditer(text)
               if m.group(1) in structs and m.group(2) not in structs}
    return Header(structs, enums, aliases)


@cache
def read() -> Header:
    """The project's DirectML.h (the checkout's, else the copy installed with the package)."""
    path = HEADER if HEADER.exists() else INSTALLED_HEADER
    return parse(path.read_text())
