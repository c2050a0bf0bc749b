"""Expand the command line's paths into the files to lint.

Directories are walked recursively, keeping names that match `include` and skipping
`exclude` globs and `.gitignore`d paths. Files named explicitly are always read
(pre-commit passes them one by one) unless `exclude` matches them.
"""

from __future__ import annotations

import fnmatch
import os
from collections.abc import Iterator
from pathlib import Path


def _matches(path: str, globs: list[str]) -> bool:
    parts = path.replace(os.sep, "/").split("/")
    return any(
        fnmatch.fnmatchcase(path, g) or any(fnmatch.fnmatchcase(part, g) for part in parts)
        for g in globs
    )


class _GitIgnores:
    """The `.gitignore` files met on the way down, each applied below its directory."""

    def __init__(self) -> None:
        self.specs: list[tuple[str, object]] = []

    def load(self, directory: str) -> None:
        directory = os.path.abspath(directory)
        path = os.path.join(directory, ".gitignore")
        if os.path.isfile(path):
            import pathspec

            with open(path, encoding="utf-8", errors="replace") as handle:
                self.specs.append((directory, pathspec.GitIgnoreSpec.from_lines(handle)))

    def ignored(self, path: str, is_dir: bool) -> bool:
        path = os.path.abspath(path)
        for base, spec in self.specs:
            if path.startswith(base + os.sep):
                relative = os.path.relpath(path, base).replace(os.sep, "/")
                if spec.match_file(relative + ("/" if is_dir else "")):
                    return True
        return False


def expand_paths(paths: list[str], include: list[str], exclude: list[str],
                 default_exclude: list[str]) -> Iterator[str]:
    seen: set[str] = set()
    for raw in paths:
        if raw == "-":
            yield raw
            continue
        if os.path.isdir(raw):
            files = _walk(raw, include, exclude + default_exclude)
        elif _matches(raw, exclude):
            files = iter(())
        else:
            files = iter([raw])
        for path in files:
            if path not in seen:
                seen.add(path)
                yield path


def _walk(root: str, include: list[str], exclude: list[str]) -> Iterator[str]:
    ignores = _GitIgnores()
    for ancestor in reversed(Path(os.path.abspath(root)).parents):
        if (ancestor / ".git").exists() or ignores.specs:
            ignores.load(str(ancestor))
    root = os.path.normpath(root)
    for directory, dirnames, filenames in os.walk(root):
        ignores.load(directory)
        dirnames[:] = sorted(
            d for d in dirnames
            if not _matches(d, exclude) and not ignores.ignored(os.path.join(directory, d), True)
        )
        for name in sorted(filenames):
            path = os.path.join(directory, name)
            if _matches(name, include) and not _matches(path, exclude) and not ignores.ignored(path, False):
                yield path
