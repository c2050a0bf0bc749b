"""Rule codes and selectors (`--select SL3`), without importing a single rule.

Importing the rules costs more than linting a small file, and a run answered by the
cache lints nothing: the codes come from the rule modules' names (`sl301_unbounded_string`
is SL301, which a test holds every module to) and from any rule pack installed.
"""

from __future__ import annotations

import os
from collections.abc import Iterable, Mapping
from functools import lru_cache
from typing import TypeVar

from schema_lint.config import entry_points
from schema_lint.text.lazy_pattern import lazy_compile

T = TypeVar("T")

ENTRY_POINT_GROUP = "schema_lint.rules"
# The built-in rules are found by this package's name, as rule packs by the group's: the
# registry knows where rules live, and no rule module is imported to learn their codes.
RULES_PACKAGE = "schema_lint.rules"
_MODULE_NAME = lazy_compile(r"(sl\d{3})_")


@lru_cache(maxsize=1)
def builtin_rule_modules() -> tuple[str, ...]:
    """The names of the built-in rule modules, listed once: the codes and the rules both need them.

    Read from the package's folder, as `pkgutil.iter_modules` would, without importing
    `pkgutil` (and `importlib.util` with it) on every run; a package that is not a folder
    (imported from a zip) is left to it."""
    import importlib

    package = importlib.import_module(RULES_PACKAGE)
    folder = os.path.dirname(package.__file__ or "")  # no file (a namespace package): left to pkgutil too
    try:
        names = sorted(name[:-3] for name in os.listdir(folder) if name.endswith(".py"))
    except OSError:
        import pkgutil

        names = [info.name for info in pkgutil.iter_modules(package.__path__)]
    return tuple(name for name in names if not name.startswith("_"))


@lru_cache(maxsize=1)
def rule_codes() -> frozenset[str]:
    """The code of every rule `load_rules` would load."""
    codes = {match.group(1).upper() for name in builtin_rule_modules() if (match := _MODULE_NAME.match(name))}
    codes |= {module.CODE for module in entry_points.load(ENTRY_POINT_GROUP)}
    return frozenset(codes)


def by_code(table: Mapping[str, T], codes: Iterable[str]) -> dict[str, T]:
    """Each code's value in a table keyed by selectors (`SL301`, `SL3`, `ALL`): the most
    specific selector that matches the code wins, so `SL3 = "error"` with `SL301 = "info"`
    makes every SL3xx an error but SL301."""
    resolved: dict[str, T] = {}
    for code in codes:
        matching = [(-1 if key == "ALL" else len(key), value) for key, value in table.items()
                    if key == "ALL" or code.startswith(key.upper())]
        if matching:
            resolved[code] = max(matching, key=lambda ranked: ranked[0])[1]
    return resolved


def matches_code(code: str, prefixes: Iterable[str]) -> bool:
    """ruff's matching: a prefix names every code it starts (`SL3` is all SL3xx); `ALL` all."""
    return any(p == "ALL" or code.startswith(p.upper()) for p in prefixes)


def unknown_selectors(selectors: Iterable[str], all_codes: Iterable[str]) -> list[str]:
    """Each selector that names no rule, with the closest code when there is one, as ruff reports
    them: `SL99 (did you mean SL009?)`. A prefix is known when some code starts with it."""
    codes = sorted({*all_codes, "SL000"})
    found = []
    for selector in selectors:
        if selector == "ALL" or any(code.startswith(selector.upper()) for code in codes):
            continue
        import difflib

        close = difflib.get_close_matches(selector.upper(), codes, n=1, cutoff=0.6)
        found.append(f"`{selector}`" + (f" (did you mean `{close[0]}`?)" if close else ""))
    return found


# Rules a run leaves out unless a selector names them (`--extend-select SL301`, `select = ["ALL"]`):
# read finding by finding on published tools (bench/read_sample.py), what SL301, SL305 and SL307
# say is true but almost never worth a change; a linter whose findings are mostly shrugs gets
# switched off. Each one's documentation says so.
OFF_BY_DEFAULT = frozenset({"SL301", "SL305", "SL307"})


def select_codes(all_codes: Iterable[str], select: list[str] | None, extend_select: list[str],
                 ignore: list[str]) -> list[str]:
    """ruff's selection: `select` (or, unset, every rule on by default), plus `extend_select`,
    less `ignore`. A rule off by default runs only when a selector names it or its prefix."""
    chosen = [c for c in all_codes if matches_code(c, extend_select)
              or (matches_code(c, select) if select is not None else c not in OFF_BY_DEFAULT)]
    return [c for c in chosen if not matches_code(c, ignore)]
