"""Glob matching, as `fnmatch.fnmatchcase` but for `**/`, without a regular expression for the usual globs.

A `**` that is a whole path segment followed by a `/` (`**/*.json`, `tools/**/*.json`) matches
zero or more folders, as in ruff (globset), git and Spectral, where `fnmatch` reads it as a `*`
and so asks for one folder at least: `tools/**/*.json` would skip `tools/a.json`. Anywhere
else `**` is a `*`, and `*` and `?` match a `/` too, as in `fnmatch` and ruff's globs, so
`tools/*.json` names the JSON files at any depth below `tools`, in ruff as here.

`fnmatch` turns each glob into a regular expression, and compiling the default include,
exclude and JSONC name globs cost a one-file run 8 million instructions: more than linting
the file. Nearly every glob is a plain name (`node_modules`) or has only `*` wildcards
(`*.json`, `tsconfig*.json`); those are matched by comparing strings (see `wildcards`), and
the rest (with `?` or `[...]`) compile into one expression per set, as before. Those cannot
backtrack either: since Python 3.9, `fnmatch` takes each piece after a `*` at its first
place, in an atomic group or a lookahead that is never tried again, so a glob of the
configuration (`include`, `exclude`, `per-file-ignores`, ...) costs linear time too.
"""

from __future__ import annotations

import fnmatch
import functools
import re
from collections.abc import Callable, Iterable

from schema_lint.sources import wildcards


class Globs:
    """Whether a string matches any of a set of globs (case-sensitive; `*` matches any run of
    characters, `/` included, as in `fnmatch`; `**/` zero or more folders)."""

    def __init__(self, globs: Iterable[str]) -> None:
        self._plain: set[str] = set()
        # Those with a `**/`: their pieces, and the indexes of those that start a path segment.
        self._segmented: list[tuple[tuple[wildcards.Piece, ...], frozenset[int]]] = []
        # The literal pieces between the `*`s, after the first and the last piece on their own:
        # a text that does not start with the one and end with the other cannot match, and
        # `str.startswith` and `str.endswith` say so for most texts (`a.json` against
        # `tsconfig*.json`) in a fraction of the call that matches the pieces.
        self._starred: list[tuple[str, str, tuple[wildcards.Piece, ...]]] = []
        others = []
        for glob in globs:
            segmented = _segmented(glob) if "**" in glob else None
            if segmented is not None:
                self._segmented.append(segmented)
            elif "?" in glob or "[" in glob:
                others.append(fnmatch.translate(glob))
            elif "*" in glob:
                pieces = glob.split("*")
                self._starred.append((pieces[0], pieces[-1], wildcards.compact(pieces)))
            else:
                self._plain.add(glob)
        self._others = re.compile("|".join(others)) if others else None

    def match(self, text: str) -> bool:
        return (text in self._plain
                or any(text.startswith(first) and text.endswith(last) and wildcards.matches(pieces, text)
                       for first, last, pieces in self._starred)
                or (self._others is not None and self._others.match(text) is not None)
                or any(wildcards.matches(pieces, text, starts) for pieces, starts in self._segmented))


_STAR = object()
_Token = str | object | Callable[[str], bool]


def _segmented(glob: str) -> tuple[tuple[wildcards.Piece, ...], frozenset[int]] | None:
    """The pieces of a glob with a `**/` (`**` the whole segment) for `wildcards.matches`, and
    which start a path segment; None if it has none (then it reads as `fnmatch` reads it)."""
    tokens = _tokens(glob)
    pieces: list[list[_Token]] = [[]]
    starts: set[int] = set()
    index = 0
    while index < len(tokens):
        if tokens[index] is not _STAR:
            pieces[-1].append(tokens[index])
            index += 1
            continue
        after = index
        while after < len(tokens) and tokens[after] is _STAR:
            after += 1
        folders = (after - index == 2 and (index == 0 or tokens[index - 1] == "/")
                   and after < len(tokens) and tokens[after] == "/")
        if folders:
            starts.add(len(pieces))
            after += 1  # the `/` is part of the folders matched, none or more
        pieces.append([])
        index = after
    if not starts:
        return None
    return _compact(pieces, starts)


def _compact(pieces: list[list[_Token]], starts: set[int]) -> tuple[tuple[wildcards.Piece, ...], frozenset[int]]:
    """As `wildcards.compact`, keeping which pieces start a segment: one after an empty piece
    does if both skips before it are `**/`s (a `*` among them can skip anything)."""
    kept: list[wildcards.Piece] = [_piece(pieces[0])]
    kept_starts: set[int] = set()
    bound = True  # whether every skip since the last piece kept is a `**/`
    for index, piece in enumerate(pieces[1:], 1):
        bound = bound and index in starts
        if piece or index == len(pieces) - 1:
            if bound:
                kept_starts.add(len(kept))
            kept.append(_piece(piece))
            bound = True
    return tuple(kept), frozenset(kept_starts)


def _piece(tokens: list[_Token]) -> wildcards.Piece:
    """A piece of characters as a string, one with a `?` or `[...]` as a test for each item."""
    if all(isinstance(token, str) for token in tokens):
        return "".join(tokens)  # type: ignore[arg-type]  # all are strings
    return tuple(token.__eq__ if isinstance(token, str) else token for token in tokens)  # type: ignore[misc]


def _tokens(glob: str) -> list[_Token]:
    """Each character of `glob`, `_STAR` for a `*`, and a test for each `?` and `[...]`
    (a `[` without its `]` is itself), as `fnmatch` reads them."""
    tokens: list[_Token] = []
    index = 0
    while index < len(glob):
        char = glob[index]
        end = _bracket_end(glob, index) if char == "[" else -1
        if char == "*":
            tokens.append(_STAR)
        elif char == "?":
            tokens.append(_any)
        elif end > 0:
            tokens.append(_class(glob[index:end]))
            index = end
            continue
        else:
            tokens.append(char)
        index += 1
    return tokens


def _bracket_end(glob: str, start: int) -> int:
    """Where the `[...]` at `start` ends, as `fnmatch` finds it; -1 if it is not closed."""
    index = start + 1
    index += glob.startswith("!", index)
    index += glob.startswith("]", index)
    close = glob.find("]", index)
    return close + 1 if close >= 0 else -1


def _any(_char: str) -> bool:
    return True


@functools.lru_cache(maxsize=256)
def _class(bracket: str) -> Callable[[str], bool]:
    compiled = re.compile(fnmatch.translate(bracket))
    return lambda char: compiled.match(char) is not None

