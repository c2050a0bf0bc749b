"""The packages are layers, and each imports only what its docstring says it may.

Every package of `schema_lint` (and each module at its root) ends its docstring with a line
`May import: a, b, c.` naming the layers it uses; the Layout section is written from the same
docstrings (docs/layout.py), in the order those lines give. Here every import in the code is
held to them: imports inside functions count as much as those at the top (an import
deferred for start-up time is still a dependency); imports under `if TYPE_CHECKING:` do not,
since they never run. The lines themselves name no cycle, and no module takes part in an
import cycle, within a package or across.
"""

from __future__ import annotations

import ast
import importlib.util
from pathlib import Path

REPO = Path(__file__).resolve().parents[2]


def _layout():
    spec = importlib.util.spec_from_file_location("layout", REPO / "docs" / "layout.py")
    module = importlib.util.module_from_spec(spec)
    spec.loader.exec_module(module)
    return module


layout = _layout()
UNITS = layout.units()
ALLOWED = layout.allowed_imports()


def _modules() -> dict[str, Path]:
    found = {}
    for package, folder in layout.FOLDERS.items():
        for path in folder.rglob("*.py"):
            parts = path.relative_to(folder).with_suffix("").parts
            if parts[-1] == "__init__":
                parts = parts[:-1]
            found[".".join((package, *parts))] = path
    return found


MODULES = _modules()


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
            if isinstance(child, ast.If) and "TYPE_CHECKING" in ast.unparse(child.test):
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


def layer_of(module: str) -> str:
    """The layer a module belongs to: the longest unit naming it."""
    return max((unit for unit in UNITS if module == unit or module.startswith(unit + ".")), key=len)


def test_every_layer_says_its_job_and_what_it_may_import():
    for unit, path in UNITS.items():
        assert layout.summary(path), f"{unit} has no docstring saying its job"
        layout.may_import(unit, path)  # raises when the line is missing


def test_the_layers_docstrings_name_no_cycle():
    order = layout.order()  # raises on a cycle
    position = {unit: index for index, unit in enumerate(order)}
    assert all(position[other] < position[unit] for unit in order for other in ALLOWED[unit])


def _unsaid() -> list[tuple[str, str]]:
    """(module, module it imports) where the importer's layer does not say it may."""
    return sorted((name, target) for name, targets in GRAPH.items() for target in targets
                  if layer_of(target) != layer_of(name) and layer_of(target) != "schema_lint"
                  and layer_of(target) not in ALLOWED[layer_of(name)])


def test_every_import_is_one_its_layer_says_it_may_make():
    # The package root holds only the version (and lazy names): any layer may read it.
    assert _unsaid() == []


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


def test_no_import_cycle():
    assert _cycles() == []


def test_the_checker_sees_what_it_must(monkeypatch):
    """The graph is read right: an import inside a function counts, one under TYPE_CHECKING
    does not, and an import a layer does not name is caught."""
    assert "schema_lint.lint.document" in GRAPH["schema_lint.run.linter"]  # imported inside a method
    assert "schema_lint.traffic.store" not in GRAPH["schema_lint.lint.document"]  # TYPE_CHECKING only
    monkeypatch.setitem(GRAPH, "schema_lint.schema.walk", GRAPH["schema_lint.schema.walk"] | {"schema_lint.run.linter"})
    assert ("schema_lint.schema.walk", "schema_lint.run.linter") in _unsaid()


def test_the_README_layout_is_what_the_code_says():
    assert layout.main(["--check"]) == 0, "the Layout section is stale: run python docs/layout.py"


def test_the_package_root_holds_a_handful_of_modules():
    """The records, the rule-pack contract, the console script and the package's own files."""
    root = sorted(path.name for path in layout.FOLDERS["schema_lint"].glob("*.py"))
    assert root == ["__init__.py", "__main__.py", "console.py", "model.py", "rule.py"]
