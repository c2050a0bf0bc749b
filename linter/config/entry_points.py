"""The modules registered under an entry-point group, without `importlib.metadata` when
there are none.

Importing `importlib.metadata` pulls in email, zipfile and more: about 20 ms on every
run of a command that pre-commit starts on each commit, only to learn, as usual, that
no rule pack is installed. Installed distributions list their entry points in an
`entry_points.txt` inside a `*.dist-info` (or `*.egg-info`) folder on `sys.path`, so
reading those small files answers "none" in a few milliseconds. Whatever the scan
cannot look into (a zip file on `sys.path`) counts as "maybe", and importlib.metadata
then decides, as it always did.
"""

from __future__ import annotations

import os
import sys
from collections.abc import Iterable, Iterator
from functools import lru_cache
from types import ModuleType

_METADATA_FOLDERS = (".dist-info", ".egg-info")


def may_declare(group: str) -> bool:
    """False only when no distribution on `sys.path` can declare `group`.

    Asked up to three times a run (the rule codes, the rules, the cache's code fingerprint),
    it scans once per process and import path: like the rule codes, the rule packs a process
    loads are those installed when it first looked."""
    return _may_declare(group, tuple(sys.path))


@lru_cache(maxsize=8)
def _may_declare(group: str, path: tuple[str, ...]) -> bool:
    header = f"[{group}]"
    for folder in path:
        folder = folder or os.curdir
        if os.path.isfile(folder):
            return True
        try:
            names = os.listdir(folder)
        except OSError:
            continue
        for name in names:
            if name.endswith(_METADATA_FOLDERS) and header in _read(os.path.join(folder, name, "entry_points.txt")):
                return True
    return False


def load(group: str) -> Iterator[ModuleType]:
    if not may_declare(group):
        return
    from importlib.metadata import entry_points

    for entry in entry_points(group=group):
        yield entry.load()


def declared_modules(group: str) -> list[str]:
    """The modules the group's entry points name, without importing them."""
    if not may_declare(group):
        return []
    from importlib.metadata import entry_points

    return [entry.module for entry in entry_points(group=group)]


def module_places(modules: Iterable[str]) -> list[str]:
    """Where each module's top-level package (its folders) or module (its file) is installed,
    found without running it; a module that is not installed has no place."""
    from importlib.util import find_spec

    places = []
    for top in dict.fromkeys(module.split(".")[0] for module in modules):
        try:
            spec = find_spec(top)
        except (ImportError, ValueError):
            continue
        if spec is not None:
            places += list(spec.submodule_search_locations or []) or ([spec.origin] if spec.origin else [])
    return places


def _read(path: str) -> str:
    try:
        with open(path, encoding="utf-8", errors="replace") as handle:
            return handle.read()
    except OSError:
        return ""
