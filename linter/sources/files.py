"""Expand the command line's paths into the files to lint.

Directories are walked recursively, keeping names that match `include` and skipping
`exclude` globs, `.gitignore`d paths and anything that is not a regular file (a FIFO
would block the run). A folder the walk cannot list is yielded as a path of its own,
so that reading it reports the error instead of the walk passing it over. Files and folders named explicitly are read
even when git ignores them (pre-commit passes files one by one), unless `exclude`
matches them.

Globs follow ruff: one with a `/` is anchored at the project root (the directory of
the configuration file) and names that path and everything below it
(`fixtures/legacy`); one without names a file or folder anywhere (`*.json`, `build`).
"""

from __future__ import annotations

import functools
import os
import stat
from collections.abc import Iterator
from pathlib import Path

from schema_lint import run_cache
from schema_lint.sources.gitignore import GitIgnore
from schema_lint.sources.globs import Globs


def _relative_parts(path: str, root: str) -> list[str]:
    relative = os.path.relpath(os.path.abspath(path), root).replace(os.sep, "/")
    return [] if relative == "." else relative.split("/")


def _matches(globs: list[str], path: str, root: str, every_folder: bool = False) -> bool:
    """Whether a glob names `path` or a folder it lies in.

    A walk tests each folder as it enters it, so there a bare name is tested against
    the last name only (`every_folder=False`), and the folder named on the command line
    is never excluded by a bare name; a file named on the command line is tested
    against every folder it lies in.
    """
    return _parts_match(globs, _relative_parts(path, root), every_folder) if globs else False


def _parts_match(globs: list[str], parts: list[str], every_folder: bool = False) -> bool:
    paths, names = _compiled(tuple(globs))
    if paths is not None and any(paths.match("/".join(parts[:i])) for i in range(1, len(parts) + 1)):
        return True
    return names is not None and any(names.match(name) for name in (parts if every_folder else parts[-1:]))


@functools.lru_cache(maxsize=64)
def _compiled(globs: tuple[str, ...]) -> tuple[Globs | None, Globs | None]:
    """The globs as two sets, one of those anchored at the root (matched against each leading
    run of folders) and one of bare names: every file walked is tested against all."""
    paths, names = [], []
    for glob in globs:
        stripped = glob.removeprefix("./").strip("/")
        # `./build` and `/build` are anchored at the root; `build/` names a folder anywhere, as
        # gitignore and ruff read them.
        anchored = glob.startswith(("./", "/")) or "/" in stripped
        (paths if anchored else names).append(stripped)
    return (Globs(paths) if paths else None), (Globs(names) if names else None)


class _GitIgnores:
    """The `.gitignore` files met on the way down, each applied below its directory."""

    def __init__(self) -> None:
        self.files: list[tuple[str, GitIgnore]] = []

    def load(self, directory: str) -> None:
        directory = os.path.abspath(directory)
        path = os.path.join(directory, ".gitignore")
        run_cache.note(path)  # a recorded run depends on its absence too
        if os.path.isfile(path):
            with open(path, "rb") as handle:
                self.files.append((directory, GitIgnore(handle.read().decode("utf-8-sig", "replace"))))

    def ignored(self, path: str, is_dir: bool) -> bool:
        if not self.files:
            return False  # no `.gitignore` on the way: no absolute path needed
        path = os.path.abspath(path)
        for base, patterns in self.files:
            if path.startswith(base + os.sep):
                relative = os.path.relpath(path, base).replace(os.sep, "/")
                if patterns.verdict(relative, is_dir):
                    return True
        return False

    def ignored_here_or_above(self, folder: str) -> bool:
        """Whether `folder`, or a folder it lies in, is ignored: git ignores all an ignored
        folder holds."""
        folder = os.path.abspath(folder)
        return any(self.ignored(path, True) for path in [folder, *map(str, Path(folder).parents)])


def expand_paths(paths: list[str], include: list[str], exclude: list[str],
                 default_exclude: list[str], root: str | os.PathLike | None = None) -> Iterator[str]:
    seen: set[str] = set()
    root = os.path.abspath(root or os.getcwd())
    for raw in paths:
        if raw == "-":
            yield raw
            continue
        run_cache.note(raw)  # whether it is a folder or a file decides what is linted
        if os.path.isdir(raw):
            files = _walk(raw, include, exclude + default_exclude, root)
        elif _matches(exclude, raw, root, every_folder=True):
            files = iter(())
        else:
            files = iter([raw])
        for path in files:
            # A file named twice (`x.json $PWD/x.json`, `. ../here`) is linted once, as first named.
            key = os.path.normcase(os.path.abspath(path))
            if key not in seen:
                seen.add(key)
                yield path


def _walk(top: str, include: list[str], exclude: list[str], root: str) -> Iterator[str]:
    ignores = _GitIgnores()
    in_repository = False
    for ancestor in reversed(Path(os.path.abspath(top)).parents):
        run_cache.note(ancestor / ".git")
        in_repository = in_repository or (ancestor / ".git").exists()
        if in_repository:
            ignores.load(str(ancestor))
    if ignores.ignored_here_or_above(top):
        # The folder was named on the command line: lint it as asked, as ruff does.
        ignores.files.clear()
    unreadable: list[OSError] = []
    for directory, dirnames, filenames in os.walk(os.path.normpath(top), onerror=unreadable.append):
        # A folder the walk could not list is yielded itself: reading it reports why.
        yield from (os.path.normpath(error.filename) for error in unreadable)
        unreadable.clear()
        ignores.load(directory)
        dirnames[:] = sorted(
            d for d in dirnames
            if not _matches(exclude, os.path.join(directory, d), root)
            and not ignores.ignored(os.path.join(directory, d), True)
        )
        for name in dirnames:
            if os.path.islink(os.path.join(directory, name)):
                # Not walked, and a file if its target becomes one: a recorded run depends on it.
                run_cache.note(os.path.join(directory, name))
        folder_parts = _relative_parts(directory, root)
        for name in sorted(filenames):
            # normpath: `schema-lint .` reports `sub/a.json`, not `./sub/a.json`, as ruff does.
            path = os.path.normpath(os.path.join(directory, name))
            parts = [*folder_parts, name]
            if (_parts_match(include, parts) and not _parts_match(exclude, parts)
                    and not ignores.ignored(path, False) and not _special(path)):
                yield path
    yield from (os.path.normpath(error.filename) for error in unreadable)


def _special(path: str) -> bool:
    """A FIFO, socket or device: never read, and skipped by a walk (named, it is an error)."""
    try:
        special = not stat.S_ISREG(os.stat(path).st_mode)
    except OSError:
        return False  # a dangling link or a vanished file: reading it says so
    if special:
        run_cache.note(path)  # skipped while it is one: a recorded run depends on that
    return special
