"""Glob matching, as `fnmatch.fnmatchcase`, without a regular expression for the usual globs.

`fnmatch` turns each glob into a regular expression, and compiling the default include,
exclude and JSONC name globs cost a one-file run 8 million instructions: more than linting
the file. Nearly every glob is a plain name (`node_modules`) or has only `*` wildcards
(`*.json`, `tsconfig*.json`); those are matched by comparing strings, and the rest (with
`?` or `[...]`) compile into one expression per set, as before.
"""

from __future__ import annotations

import fnmatch
import re
from collections.abc import Iterable


class Globs:
    """Whether a string matches any of a set of globs (case-sensitive; `*` matches any run of
    characters, `/` included, as in `fnmatch`)."""

    def __init__(self, globs: Iterable[str]) -> None:
        self._plain: set[str] = set()
        self._starred: list[tuple[str, ...]] = []  # the literal pieces between the `*`s
        others = []
        for glob in globs:
            if "?" in glob or "[" in glob:
                others.append(fnmatch.translate(glob))
            elif "*" in glob:
                self._starred.append(tuple(glob.split("*")))
            else:
                self._plain.add(glob)
        self._others = re.compile("|".join(others)) if others else None

    def match(self, text: str) -> bool:
        return (text in self._plain or any(_starred_match(pieces, text) for pieces in self._starred)
                or (self._others is not None and self._others.match(text) is not None))


def _starred_match(pieces: tuple[str, ...], text: str) -> bool:
    """Whether `text` is `pieces[0]`, anything, `pieces[1]`, ..., anything, `pieces[-1]`.

    Each middle piece is taken at its first place after the one before: any later place
    leaves less room for the rest, so if that fails, every choice does."""
    first, *middle, last = pieces
    end = len(text) - len(last)
    if end < len(first) or not text.startswith(first) or not text.endswith(last):
        return False
    position = len(first)
    for piece in middle:
        found = text.find(piece, position, end)
        if found < 0:
            return False
        position = found + len(piece)
    return True
