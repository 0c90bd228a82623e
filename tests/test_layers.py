"""The Python layers run one way (docs/design.md): binding -> header -> schema -> validator ->
engines -> device -> front ends. This test walks every import in pydml/ (at module level and
inside functions; imports under ``if TYPE_CHECKING:`` are for the type checker only and create no
run-time edge) and fails on an import from a lower layer to a higher one, or on a cycle.
"""

from __future__ import annotations

import ast
from pathlib import Path

import pytest

ROOT = Path(__file__).resolve().parent.parent / "pydml"

#: Lowest first. A module belongs to the first layer with a prefix that names it or its package.
LAYERS: list[tuple[str, tuple[str, ...]]] = [
    ("binding", ("pydml._build_ffi", "pydml.native", "pydml.paths", "pydml._version", "pydml.errors")),
    ("header", ("pydml.enums", "pydml.constants", "pydml.structs", "pydml.schema.header",
                "pydml.schema.tables", "pydml.tensor", "pydml.feature_levels", "pydml.graph_descs")),
    ("schema", ("pydml.ops", "pydml.registry", "pydml.desc_class", "pydml.descs", "pydml.schema")),
    ("validator", ("pydml.representable", "pydml.marshal", "pydml.validate")),
    ("device", ("pydml.graph", "pydml.device")),
    ("front ends", ("pydml.frontends", "pydml.onnx", "pydml.__main__", "pydml")),
]


def module_name(path: Path) -> str:
    parts = path.relative_to(ROOT.parent).with_suffix("").parts
    return ".".join(parts[:-1] if parts[-1] == "__init__" else parts)


def layer_of(module: str) -> int:
    for index, (_, prefixes) in enumerate(LAYERS):
        if any(module == p or module.startswith(p + ".") for p in prefixes):
            return index
    raise AssertionError(f"{module} is in no layer: add it to LAYERS")


def _type_checking_only(node: ast.If) -> bool:
    test = node.test
    return (isinstance(test, ast.Name) and test.id == "TYPE_CHECKING") or (
        isinstance(test, ast.Attribute) and test.attr == "TYPE_CHECKING")


def imports_of(path: Path, modules: set[str]) -> set[str]:
    """The pydml modules ``path`` imports at run time."""
    me = module_name(path)
    package = me if path.name == "__init__.py" else me.rsplit(".", 1)[0]
    found: set[str] = set()

    def visit(node: ast.AST) -> None:
        if isinstance(node, ast.If) and _type_checking_only(node):
            for child in node.orelse:
                visit(child)
            return
        if isinstance(node, ast.Import):
            found.update(a.name for a in node.names)
        elif isinstance(node, ast.ImportFrom):
            if node.level:
                base = package.split(".")[: len(package.split(".")) - (node.level - 1)]
                target = ".".join(base + ([node.module] if node.module else []))
            else:
                target = node.module or ""
            for alias in node.names:
                sub = f"{target}.{alias.name}"
                found.add(sub if sub in modules else target)
        for child in ast.iter_child_nodes(node):
            visit(child)

    visit(ast.parse(path.read_text()))
    return {m for m in found if m in modules and m != me}


def _graph() -> dict[str, set[str]]:
    paths = {module_name(p): p for p in ROOT.rglob("*.py") if "generated" not in p.parts}
    names = set(paths)
    return {m: imports_of(p, names) for m, p in paths.items()}


GRAPH = _graph()


@pytest.mark.parametrize("module", sorted(GRAPH))
def test_imports_go_down_the_layers(module: str) -> None:
    mine = layer_of(module)
    upward = [f"{t} ({LAYERS[layer_of(t)][0]})" for t in sorted(GRAPH[module]) if layer_of(t) > mine]
    assert not upward, f"{module} ({LAYERS[mine][0]}) imports a higher layer: {', '.join(upward)}"


def test_no_import_cycles() -> None:
    # Package __init__ modules re-export their children; the edge child -> package is Python's
    # import machinery, not a dependency, so a package's own children are left out of its edges.
    state: dict[str, int] = {}
    stack: list[str] = []
    cycles: list[str] = []

    def edges(m: str) -> list[str]:
        return sorted(t for t in GRAPH[m] if not t.startswith(m + "."))

    def walk(m: str) -> None:
        state[m] = 1
        stack.append(m)
        for t in edges(m):
            if state.get(t) == 1:
                cycles.append(" -> ".join(stack[stack.index(t):] + [t]))
            elif t not in state:
                walk(t)
        stack.pop()
        state[m] = 2

    for m in sorted(GRAPH):
        if m not in state:
            walk(m)
    assert not cycles, "import cycles:\n" + "\n".join(cycles)


def test_every_module_has_a_layer() -> None:
    for m in GRAPH:
        layer_of(m)
