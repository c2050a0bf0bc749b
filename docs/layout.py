"""The Layout section, written from the code: each package's docstring says its job (its first
paragraph) and what it may import (its `May import:` line). The block lies between its
markers in README or in the page of docs/ that holds them (docs/layout.md).

    python docs/layout.py            # rewrite the Layout block
    python docs/layout.py --check    # exit 1 if the block is not what the code says

The layers are the packages (and the modules at the package root), ordered so that each
comes after everything it may import: the folder list reads in the order data flows.
tests/architecture/test_layers.py holds every import of the code to these same lines.
"""

from __future__ import annotations

import ast
import re
import sys
import textwrap
from pathlib import Path

REPO = Path(__file__).resolve().parent.parent
README = REPO / "README.md"
START, END = "<!-- layout:start -->", "<!-- layout:end -->"
PACKAGE = "schema_lint"
# Where each part of the import package lies in the checkout (setuptools' package-dir).
FOLDERS = {PACKAGE: REPO / "linter", f"{PACKAGE}.rules": REPO / "rules"}
EVERY_LAYER_BELOW = "every layer below"
NOTHING = "nothing of schema_lint"
_NAME_WIDTH = 25
_WIDTH = 100

TOP = [
    ("pyproject.toml", "distribution `schema-lint`, console script `schema-lint`"),
    (".pre-commit-hooks.yaml", "the `schema-lint` and `schema-lint-fix` hooks"),
    ("action.yml", "the GitHub Action (`uses: OWNER/schema-lint@COMMIT`)"),
    ("examples/", "loose and tight tool files: what the quick start lints; an MCP server module for `--python`"),
    ("docs/", "the documentation site's pages: a page per topic, and `rules/`, a page per rule that "
              "`site.py` writes from the rules; the terminal picture README shows and the script that renders "
              "it from a real run; this layout's script"),
    ("mkdocs.yml", "the documentation site (`mkdocs build`): README, the topic pages and the rule pages"),
    ("linter/", "the engine, installed as the import package `schema_lint`: its packages in layers, each "
                "importing only the ones above it that its docstring names"),
]
BOTTOM = [
    ("tests/", "pytest: a folder for each part with many tests, `rules/` one file per rule, `properties/` "
               "the laws (hypothesis), `pins/` the outputs that must not change, `architecture/` the layers; "
               "fixtures under tests/fixtures/ (sources noted beside them)"),
    ("bench/", "benchmarks that print figures and ratios against peers"),
    (".ci/run", "CI: a fresh venv, the README's two commands, mypy, the pre-commit smoke test"),
    (".ci/mypy", "mypy on the import package, `linter/` and `rules/` linked as Python imports them"),
]


def units() -> dict[str, Path]:
    """Every layer: the import package's root modules, each package (its `__init__.py`), and
    `profiles.checks`, which sits apart from the table in `profiles`."""
    found: dict[str, Path] = {}
    root = FOLDERS[PACKAGE]
    for path in sorted(root.iterdir()):
        if path.suffix == ".py":
            found[PACKAGE if path.stem == "__init__" else f"{PACKAGE}.{path.stem}"] = path
        elif (path / "__init__.py").exists():
            found[f"{PACKAGE}.{path.name}"] = path / "__init__.py"
    found[f"{PACKAGE}.profiles.checks"] = root / "profiles" / "checks" / "__init__.py"
    found[f"{PACKAGE}.rules"] = FOLDERS[f"{PACKAGE}.rules"] / "__init__.py"
    return found


def docstring(path: Path) -> str:
    return ast.get_docstring(ast.parse(path.read_text(encoding="utf-8"))) or ""


def may_import(unit: str, path: Path) -> set[str] | None:
    """The units `unit`'s docstring says it may import (full names); None for every one below."""
    match = re.search(r"^May import: (.*?)\.?\s*\Z", docstring(path), re.M | re.S)
    if match is None:
        raise ValueError(f"{path.relative_to(REPO)}: the docstring of {unit} says nothing of what it may import")
    said = " ".join(match.group(1).split())
    if said == EVERY_LAYER_BELOW:
        return None
    if said.startswith(NOTHING):
        return set()
    return {f"{PACKAGE}.{name.strip()}" for name in said.split(",")}


def order() -> list[str]:
    """The layers, each after everything it may import; among those free to go, the one with the
    shortest chain below it first, then by name."""
    paths = units()
    allowed = allowed_imports()
    depth: dict[str, int] = {}

    def depth_of(unit: str, seen: tuple[str, ...] = ()) -> int:
        if unit in seen:
            raise ValueError(f"the layers' docstrings name a cycle: {' -> '.join((*seen, unit))}")
        if unit not in depth:
            depth[unit] = 1 + max((depth_of(other, (*seen, unit)) for other in allowed[unit]), default=-1)
        return depth[unit]

    return sorted(paths, key=lambda unit: (depth_of(unit), unit))


def allowed_imports() -> dict[str, set[str]]:
    """What each layer may import, as its docstring says; "every layer below" is every layer
    that does not itself, through the layers it names, come to import this one."""
    said = {unit: may_import(unit, path) for unit, path in units().items()}
    named = {unit: names for unit, names in said.items() if names is not None}

    def reaches(unit: str, target: str, seen: frozenset[str] = frozenset()) -> bool:
        names = named.get(unit, set())
        return target in names or any(reaches(other, target, seen | {unit}) for other in names if other not in seen)

    return {unit: names if names is not None else
            {other for other in named if other != unit and not reaches(other, unit)}
            for unit, names in said.items()}


def summary(path: Path) -> str:
    """The docstring's first paragraph, on one line."""
    return " ".join(docstring(path).split("\n\n", 1)[0].split())


def _entry(name: str, text: str, indent: str = "") -> list[str]:
    width = _WIDTH - _NAME_WIDTH
    lines = textwrap.wrap(text, width) or [""]
    first = f"{indent}{name}".ljust(_NAME_WIDTH - 1)
    out = [f"{first} {lines[0]}" if len(first) < _NAME_WIDTH else first]
    if len(first) >= _NAME_WIDTH:
        out.append(" " * _NAME_WIDTH + lines[0])
    out += [" " * _NAME_WIDTH + line for line in lines[1:]]
    return out


def block() -> str:
    """The Layout section's text block."""
    paths = units()
    lines = [line for name, text in TOP for line in _entry(name, text)]
    for unit in order():
        path = paths[unit]
        if unit == f"{PACKAGE}.rules":
            continue
        shown = "__init__.py" if unit == PACKAGE else (
            f"{unit.removeprefix(PACKAGE + '.').replace('.', '/')}/" if path.name == "__init__.py" else f"{path.name}")
        lines += _entry(shown, summary(path), "  ")
    lines += _entry("rules/", summary(paths[f"{PACKAGE}.rules"]) + " Installed as `schema_lint.rules`.")
    lines += [line for name, text in BOTTOM for line in _entry(name, text)]
    return "```\n" + "\n".join(lines) + "\n```\n"


def with_block(text: str) -> str:
    before, rest = text.split(START, 1)
    return before + START + "\n" + block() + END + rest.split(END, 1)[1]


def layout_page() -> Path:
    """README, or the page of docs/ its Layout section moved to: the file holding the markers."""
    for page in [README, *sorted((REPO / "docs").glob("*.md"))]:
        if START in page.read_text(encoding="utf-8"):
            return page
    raise SystemExit(f"no {START} in README.md or docs/*.md")


def main(argv: list[str]) -> int:
    page = layout_page()
    text = page.read_text(encoding="utf-8")
    wanted = with_block(text)
    if "--check" in argv:
        if wanted != text:
            print(f"{page.relative_to(REPO)}'s Layout is not what the code says: run python docs/layout.py",
                  file=sys.stderr)
            return 1
        return 0
    page.write_text(wanted, encoding="utf-8")
    return 0


if __name__ == "__main__":
    sys.exit(main(sys.argv[1:]))
