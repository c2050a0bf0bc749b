"""Glob matching, as `fnmatch.fnmatchcase`, without a regular expression for the usual globs.

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
import re
from collections.abc import Iterable

from schema_lint.sources import wildcards


class Globs:
    """Whether a string matches any of a set of globs (case-sensitive; `*` matches any run of
    characters, `/` included, as in `fnmatch`)."""

    def __init__(self, globs: Iterable[str]) -> None:
        self._plain: set[str] = set()
        self._starred: list[tuple[wildcards.Piece, ...]] = []  # the literal pieces between the `*`s
        others = []
        for glob in globs:
            if "?" in glob or "[" in glob:
                others.append(fnmatch.translate(glob))
            elif "*" in glob:
                self._starred.append(wildcards.compact(glob.split("*")))
            else:
                self._plain.add(glob)
        self._others = re.compile("|".join(others)) if others else None

    def match(self, text: str) -> bool:
        return (text in self._plain or any(wildcards.matches(pieces, text) for pieces in self._starred)
                or (self._others is not None and self._others.match(text) is not None))

