"""Expand the command line's paths into the files to lint.

Directories are walked recursively, keeping names that match `include` and skipping
`exclude` globs, `.gitignore`d paths and anything that is not a regular file (a FIFO
would block the run). Files and folders named explicitly are read even when git ignores
them (pre-commit passes files one by one), unless `exclude` matches them.

A walk stays in the tree it was given. A link to a folder is not followed (what it leads to
inside the tree is walked anyway), and a link to a file is read only if it leads to a file
the walk reads itself: one that leads out of the folder named, or into `.git`, an excluded
folder or an ignored file, would print what it reads there (a CI token in `.git/config`)
and is skipped, as `-v` says. A `.gitignore` that is a link is not read, as git does not
read one.

A folder the walk does not enter is yielded as a path of its own, so that reading it
reports why instead of the walk passing it over: one it cannot list, and one past a limit
of the walk (`MAX_ENTRIES`, `MAX_GITIGNORE_BYTES`, `MAX_IGNORE_TESTS`), without which a
hostile tree could keep a run going for hours. The folders still to visit are a list, not a recursion, so a tree
deeper than Python's stack is walked too.

Globs follow ruff: one with a `/` is anchored at the project root (the directory of
the configuration file, or the working directory under `--config`) and names that path
and everything below it (`fixtures/legacy`); one without names a file or folder anywhere
(`*.json`, `build`). `**/` matches zero or more folders (see `globs`).
"""

from __future__ import annotations

import functools
import os
import stat
from collections.abc import Iterator
from typing import TYPE_CHECKING

from schema_lint.sources import watch
from schema_lint.sources import reading
from schema_lint.sources.reading import read_regular_file
from schema_lint.sources.globs import Globs

if TYPE_CHECKING:
    from schema_lint.sources.gitignore import GitIgnore

# Files and folders one walk lists (a repository as large as Chromium's holds half as many).
MAX_ENTRIES = 1_000_000
# Bytes of one `.gitignore` (the largest in use are a few KiB).
MAX_GITIGNORE_BYTES = 1 << 20
# Tests of a path against a `.gitignore` line in one walk: a tree of 20,000 files under 250
# lines takes 2 million, and a hostile one could otherwise ask for billions.
MAX_IGNORE_TESTS = 50_000_000


def _relative_parts(path: str, root: str) -> list[str]:
    relative = os.path.relpath(os.path.abspath(path), root).replace(os.sep, "/")
    return [] if relative == "." else relative.split("/")


def walk_reads(path: str, include: list[str], exclude: list[str], root: str) -> bool:
    """Whether a walk of `root` would lint the file at `path` (`.gitignore` aside): its name
    matches `include`, and neither it nor a folder it lies in matches `exclude`. What an
    editor that opens one file asks, where `check` is given folders."""
    parts = _relative_parts(path, root)
    return _parts_match(include, parts) and not _parts_match(exclude, parts, every_folder=True)


def named_excluded(path: str, exclude: list[str], root: str) -> bool:
    """Whether `exclude` leaves out a file named on the command line: a glob names it or any
    folder it lies in (`include` is not asked of a file named)."""
    return _matches(exclude, path, root, every_folder=True)


def _matches(globs: list[str], path: str, root: str, every_folder: bool = False) -> bool:
    """Whether a glob names `path` or a folder it lies in.

    A walk tests each folder as it enters it, so there a bare name is tested against
    the last name only (`every_folder=False`), and the folder named on the command line
    is never excluded by a bare name; a file named on the command line is tested
    against every folder it lies in.
    """
    return _parts_match(globs, _relative_parts(path, root), every_folder) if globs else False


def _parts_match(globs: list[str] | tuple[str, ...], parts: list[str], every_folder: bool = False) -> bool:
    paths, names = _compiled(tuple(globs))
    if paths is not None and any(paths.match("/".join(parts[:i])) for i in range(1, len(parts) + 1)):
        return True
    if names is None or not parts:
        return False
    # The last name alone, as for every file a walk meets, without a generator for one name.
    return any(names.match(name) for name in parts) if every_folder else names.match(parts[-1])


@functools.lru_cache(maxsize=64)
def _compiled(globs: tuple[str, ...]) -> tuple[Globs | None, Globs | None]:
    """The globs as two sets, one of those anchored at the root (matched against each leading
    run of folders) and one of bare names: every file walked is tested against all."""
    paths: list[str] = []
    names: list[str] = []
    for glob in globs:
        stripped = glob.removeprefix("./").strip("/")
        # `./build` and `/build` are anchored at the root; `build/` names a folder anywhere, as
        # gitignore and ruff read them.
        anchored = glob.startswith(("./", "/")) or "/" in stripped
        (paths if anchored else names).append(stripped)
    return (Globs(paths) if paths else None), (Globs(names) if names else None)


class _NotWalked(Exception):
    """Why a folder is not walked."""


class _GitIgnores:
    """The `.gitignore` files met on the way down, each applied below its directory, and each
    repository's `.git/info/exclude`, applied below the repository's folder as git applies it."""

    def __init__(self, passed_over: list[tuple[str, str]]) -> None:
        self.files: list[tuple[str, GitIgnore]] = []
        self.passed_over = passed_over
        self.tests = 0  # of a path against a line, counted for the walk's budget

    def load(self, directory: str, name: str = ".gitignore") -> None:
        """Read the folder's `.gitignore` (or the ignore file `name` names from it), if it has
        one; `_NotWalked` when it cannot be read or is larger than `MAX_GITIGNORE_BYTES`."""
        path = os.path.normpath(os.path.join(directory, name))
        watch.note(path)  # a recorded run depends on its absence too
        try:
            info = os.lstat(path)
        except (FileNotFoundError, NotADirectoryError):
            return
        except OSError as exc:
            raise _NotWalked(f"cannot read `{path}`: {exc.strerror or exc}") from None
        if stat.S_ISLNK(info.st_mode):
            self.passed_over.append((path, "a link, not read (git does not read one either)"))
            return
        if not stat.S_ISREG(info.st_mode):
            return  # a folder or a FIFO of that name holds no patterns, for git either
        if info.st_size > MAX_GITIGNORE_BYTES:
            raise _NotWalked(f"`{path}` is larger than {MAX_GITIGNORE_BYTES >> 20} MiB, the limit of a `.gitignore`")
        raw = read_regular_file(path, MAX_GITIGNORE_BYTES)
        if isinstance(raw, str):
            raise _NotWalked(f"`{path}`: {raw}")
        from schema_lint.sources.gitignore import GitIgnore  # a run naming its files walks no folder

        self.files.append((os.path.abspath(directory), GitIgnore(raw.decode("utf-8-sig", "replace"))))

    def load_repository(self, directory: str) -> None:
        """The ignore file of the repository whose `.git` folder `directory` holds, which git
        reads beside the `.gitignore` files for patterns a user keeps out of the repository
        (ruff's walk reads it too). A `.git` file (a worktree's) points elsewhere: not followed."""
        self.load(directory, os.path.join(".git", "info", "exclude"))

    def ignored(self, path: str, is_dir: bool) -> bool:
        if not self.files:
            return False  # no `.gitignore` on the way: no absolute path needed
        path = os.path.abspath(path)
        for base, patterns in self.files:
            if path.startswith(base + os.sep):
                relative = os.path.relpath(path, base).replace(os.sep, "/")
                self.tests += len(patterns.patterns)
                if patterns.verdict(relative, is_dir):
                    return True
        return False

    def ignored_here_or_above(self, folder: str) -> bool:
        """Whether `folder`, or a folder it lies in, is ignored: git ignores all an ignored
        folder holds."""
        folder = os.path.abspath(folder)
        return any(self.ignored(path, True) for path in [folder, *_folders_above(folder)])


def expand_paths(paths: list[str], include: list[str], exclude: list[str], default_exclude: list[str],
                 root: str | os.PathLike | None = None,
                 passed_over: list[tuple[str, str]] | None = None) -> Iterator[str]:
    """The files `paths` name or hold; `passed_over` gets what a walk came across and did not
    read for a reason a user may not guess (a link out of the tree), with the reason."""
    seen: set[str] = set()
    # `os.path.abspath` asks the system for the working directory each time: once is enough.
    cwd = os.getcwd()
    root = os.path.abspath(root or cwd)
    passed_over = [] if passed_over is None else passed_over
    for raw in paths:
        if raw == "-":
            if "-" not in seen:  # read once: a second read of stdin finds it at its end, an empty file
                seen.add("-")
                yield raw
            continue
        watch.note(raw)  # whether it is a folder or a file decides what is linted
        if os.path.isdir(raw):
            files = _walk(raw, include, exclude + default_exclude, root, passed_over)
        elif named_excluded(raw, exclude, root):
            files = iter(())
        else:
            files = iter([raw])
        for path in files:
            # A file named twice (`x.json $PWD/x.json`, `. ../here`) is linted once, as first named.
            key = os.path.normcase(os.path.normpath(os.path.join(cwd, path)))  # its absolute path
            if key not in seen:
                seen.add(key)
                yield path


def _walk(top: str, include: list[str], exclude: list[str], root: str,
          passed_over: list[tuple[str, str]]) -> Iterator[str]:
    top = os.path.normpath(top)
    ignores = _GitIgnores(passed_over)
    try:
        in_repository = False
        for ancestor in reversed(_folders_above(os.path.abspath(top))):
            git = os.path.join(ancestor, ".git")
            watch.note(git)
            if os.path.isdir(git):
                ignores.load_repository(ancestor)
            in_repository = in_repository or os.path.exists(git)
            if in_repository:
                ignores.load(ancestor)
    except _NotWalked as stop:
        yield reading.not_entered(top, str(stop))
        return
    if ignores.ignored_here_or_above(top):
        # The folder was named on the command line: lint it as asked, as ruff does.
        ignores.files.clear()
    walk = _Walk(include, exclude, root, ignores)
    try:
        yield from walk.files(top)
    except _OverBudget as spent:
        yield reading.not_entered(top, f"{spent}, where the walk stopped (name fewer folders, or `exclude` some)")
    yield from _links_read(walk.links, walk.read, top, passed_over)


class _OverBudget(Exception):
    """The walk has done all the work it may."""


class _Walk:
    """The files below a folder, folder by folder, within `MAX_ENTRIES` and `MAX_IGNORE_TESTS`."""

    def __init__(self, include: list[str], exclude: list[str], root: str, ignores: _GitIgnores) -> None:
        # Tuples: `_parts_match` keys its compiled globs by one, made from a list at each call.
        self.include, self.exclude, self.root, self.ignores = tuple(include), tuple(exclude), root, ignores
        self.read: dict[int, str] = {}  # the inode of each file yielded, and its path
        self.links: list[str] = []  # links to files, read once the walk knows what it reads
        self.listed = 0

    def files(self, top: str) -> Iterator[str]:
        folders = [top]
        while folders:
            folder = folders.pop()
            try:
                with os.scandir(folder) as listing:
                    entries = sorted(listing, key=lambda entry: entry.name)
                self.listed += len(entries)
                if self.listed > MAX_ENTRIES:
                    raise _OverBudget(f"it holds more than {MAX_ENTRIES:,} files and folders")
                if any(entry.name == ".git" and entry.is_dir(follow_symlinks=False) for entry in entries):
                    self.ignores.load_repository(folder)  # a repository the walk enters from above
                self.ignores.load(folder)
            except OSError:
                yield folder  # reading it reports why it cannot be listed
                continue
            except _NotWalked as stop:
                yield reading.not_entered(folder, str(stop))
                continue
            subfolders: list[str] = []
            yield from self._entries(folder, entries, subfolders)
            folders.extend(reversed(subfolders))

    def _entries(self, folder: str, entries: list[os.DirEntry], subfolders: list[str]) -> Iterator[str]:
        """The files of `folder` to lint, told from the listing without a stat of each; the
        folders to walk go to `subfolders`, the links to files to `links`."""
        folder_parts = _relative_parts(folder, self.root)
        prefix = _prefix(folder)
        for entry in entries:
            path = prefix + entry.name
            parts = [*folder_parts, entry.name]
            if entry.is_dir(follow_symlinks=False):
                if not _parts_match(self.exclude, parts) and not self._ignored(path, True):
                    subfolders.append(path)
            elif (not _parts_match(self.include, parts) or _parts_match(self.exclude, parts)
                  or self._ignored(path, False)):
                continue
            elif entry.is_symlink():
                if _leads_to_a_folder(entry):
                    watch.note(path)  # not walked, and a file if its target becomes one
                else:
                    self.links.append(path)
            elif entry.is_file(follow_symlinks=False):
                self.read[entry.inode()] = path
                yield path
            else:
                watch.note(path)  # a FIFO, socket or device: skipped while it is one

    def _ignored(self, path: str, is_dir: bool) -> bool:
        ignored = self.ignores.ignored(path, is_dir)
        if self.ignores.tests > MAX_IGNORE_TESTS:
            raise _OverBudget(f"its paths took more than {MAX_IGNORE_TESTS:,} tests against `.gitignore` lines")
        return ignored


def _prefix(folder: str) -> str:
    """What the path of each entry of `folder` starts with: `os.path.normpath(os.path.join(folder,
    name))` for every name a listing holds (never `.`, `..` or one with a `/`), normalized once
    for the folder instead of once for each file. Normalized, `schema-lint .` reports
    `sub/a.json`, not `./sub/a.json`, as ruff does."""
    folder = os.path.normpath(folder)
    return "" if folder == "." else os.path.join(folder, "")


def _leads_to_a_folder(link: os.DirEntry) -> bool:
    try:
        return link.is_dir()
    except OSError:
        return False  # one it may not look at: `_links_read` decides on it as on a link to a file


def _links_read(links: list[str], read: dict[int, str], top: str,
                passed_over: list[tuple[str, str]]) -> Iterator[str]:
    """The links to files that lead to a file the walk read (or, inside the tree, nowhere:
    reading one says so); the others go to `passed_over`."""
    inside = os.path.join(os.path.realpath(top), "")
    for path in links:
        watch.note(path)  # where it leads decides whether it is read
        target = os.path.realpath(path)
        if _leads_to_a_file_read(path, read):
            yield path
        elif not target.startswith(inside):
            passed_over.append((path, f"a link out of `{top}`, skipped"))
        elif not os.path.exists(path):
            yield path  # leads nowhere: reading it says so
        else:
            where = os.path.relpath(target, inside)
            passed_over.append((path, f"a link to `{where}`, which the walk does not read, skipped"))


def _leads_to_a_file_read(link: str, read: dict[int, str]) -> bool:
    try:
        status = os.stat(link)
        same = read.get(status.st_ino)
        return same is not None and os.path.samestat(os.stat(same), status)
    except OSError:
        return False


def _folders_above(path: str) -> list[str]:
    """The folders `path` lies in, nearest first, to the root (as `PurePath.parents`)."""
    found = []
    parent = os.path.dirname(path)
    while parent and parent != path:
        found.append(parent)
        path, parent = parent, os.path.dirname(parent)
    return found
