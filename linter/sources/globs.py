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
        # The literal pieces between the `*`s, after the first and the last piece on their own:
        # a text that does not start with the one and end with the other cannot match, and
        # `str.startswith` and `str.endswith` say so for most texts (`a.json` against
        # `tsconfig*.json`) in a fraction of the call that matches the pieces.
        self._starred: list[tuple[str, str, tuple[wildcards.Piece, ...]]] = []
        others = []
        for glob in globs:
            if "?" in glob or "[" in glob:
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
                or (self._others is not None and self._others.match(text) is not None))

