"""The packages are layers, in the order data flows: each may import only from the layers
below it, and no module takes part in an import cycle. Imports inside functions count as
much as those at the top (an import deferred for start-up time is still a dependency);
imports under `if TYPE_CHECKING:` do not, since they never run.

`LAYERS` is the order, lowest first. A unit is a package (every module below it) or a
single module; a module belongs to the longest unit that names it. A package's docstring
says the same in words; README's Layout is built from those docstrings.
"""

from __future__ import annotations

import ast
from pathlib import Path

REPO = Path(__file__).resolve().parents[2]

LAYERS = [
    "schema_lint",  # the package root: the version, and the boundary's names exported lazily
    "schema_lint.model",
    "schema_lint.text",
    "schema_lint.schema",
    "schema_lint.prose",
    "schema_lint.boundary",
    "schema_lint.profiles",
    "schema_lint.sources",
    "schema_lint.traffic",
    "schema_lint.config",
    "schema_lint.rule",
    "schema_lint.profiles.checks",
    "schema_lint.rules",
    "schema_lint.lint",
    "schema_lint.gate",
    "schema_lint.fixes",
    "schema_lint.report",
    "schema_lint.live",
    "schema_lint.python_tools",
    "schema_lint.run",
    "schema_lint.diff",
    "schema_lint.replay",
    "schema_lint.fuzz",
    "schema_lint.cli",
    "schema_lint.console",
    "schema_lint.__main__",
]

# Imports that point up or close a cycle today; the restructuring removes them one by one,
# and this list may only shrink.
KNOWN: set[tuple[str, str]] = set()


def _modules() -> dict[str, Path]:
    found = {}
    for base, package in (("linter", "schema_lint"), ("rules", "schema_lint.rules")):
        for path in (REPO / base).rglob("*.py"):
            parts = path.relative_to(REPO / base).with_suffix("").parts
            if parts[-1] == "__init__":
                parts = parts[:-1]
            found[".".join((package, *parts))] = path
    return found


MODULES = _modules()


def _is_type_checking(test: ast.expr) -> bool:
    return "TYPE_CHECKING" in ast.unparse(test)


def _imports(name: str, path: Path) -> set[str]:
    """The schema_lint modules `name` imports, wherever in the file, but under TYPE_CHECKING."""
    package = name if path.name == "__init__.py" else name.rpartition(".")[0]
    found: set[str] = set()

    def resolve(target: str) -> None:
        while target and target not in MODULES:
            target = target.rpartition(".")[0]
        if target and target != name:
            found.add(target)

    def visit(node: ast.AST) -> None:
        for child in ast.iter_child_nodes(node):
            if isinstance(child, ast.If) and _is_type_checking(child.test):
                for orelse in child.orelse:
                    visit(orelse)
                continue
            if isinstance(child, ast.Import):
                for alias in child.names:
                    if alias.name.startswith("schema_lint"):
                        resolve(alias.name)
            elif isinstance(child, ast.ImportFrom):
                if child.level:
                    base = package.split(".")[: len(package.split(".")) - child.level + 1]
                    module = ".".join(base) + (f".{child.module}" if child.module else "")
                else:
                    module = child.module or ""
                if module.startswith("schema_lint"):
                    for alias in child.names:
                        target = f"{module}.{alias.name}"
                        resolve(target if target in MODULES else module)
            visit(child)

    visit(ast.parse(path.read_text(encoding="utf-8")))
    return found


GRAPH = {name: _imports(name, path) for name, path in MODULES.items()}


def layer_of(module: str) -> int:
    """The index in LAYERS of the longest unit naming `module`."""
    best, index = -1, -1
    for position, unit in enumerate(LAYERS):
        if (module == unit or module.startswith(unit + ".")) and len(unit) > best:
            best, index = len(unit), position
    return index


def test_every_module_is_in_a_layer():
    assert [name for name in MODULES if layer_of(name) < 0] == []


def _upward() -> set[tuple[str, str]]:
    return {(name, target) for name, targets in GRAPH.items() for target in targets
            if layer_of(target) > layer_of(name)}


def _cycles() -> list[list[str]]:
    """The strongly connected components with more than one module (Tarjan's algorithm)."""
    index: dict[str, int] = {}
    low: dict[str, int] = {}
    stack: list[str] = []
    on_stack: set[str] = set()
    components: list[list[str]] = []

    def connect(node: str) -> None:
        index[node] = low[node] = len(index)
        stack.append(node)
        on_stack.add(node)
        for target in sorted(GRAPH[node]):
            if target not in index:
                connect(target)
                low[node] = min(low[node], low[target])
            elif target in on_stack:
                low[node] = min(low[node], index[target])
        if low[node] == index[node]:
            component = []
            while True:
                member = stack.pop()
                on_stack.discard(member)
                component.append(member)
                if member == node:
                    break
            if len(component) > 1:
                components.append(sorted(component))

    for node in sorted(GRAPH):
        if node not in index:
            connect(node)
    return components


def test_no_import_points_up_the_layers():
    upward = _upward()
    assert sorted(upward - KNOWN) == [], "an import from a lower layer to a higher one"
    assert sorted(KNOWN - upward) == [], "fixed: remove these from KNOWN"


def test_no_import_cycle():
    # A cycle that a known upward import closes goes when that import does.
    cycles = [cycle for cycle in _cycles() if not any((a, b) in KNOWN for a in cycle for b in GRAPH[a] if b in cycle)]
    assert cycles == []


def test_the_checker_sees_an_upward_import_and_a_cycle():
    """The graph is read right: a known upward import inside a function is found."""
    assert layer_of("schema_lint.schema.walk") < layer_of("schema_lint.lint.document")
    assert layer_of("schema_lint.profiles.checks.mcp") > layer_of("schema_lint.rule") > layer_of("schema_lint.profiles")
