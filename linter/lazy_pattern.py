"""Regular expressions compiled when first used, not when their module is imported.

Python compiles a pattern in pure Python: the prose rules' patterns take about 15 ms to
compile on a slow machine, most of what regular expressions cost a one-file check, yet a
typical file's descriptions reach few of them (each rule first tests for a word that
every match needs). `lazy_compile` stands for `re.compile`; a run about to fork workers
calls `compile_pending`, so that each worker inherits them compiled instead of compiling
them again.
"""

from __future__ import annotations

import re
from typing import Any

_PENDING: list[LazyPattern] = []


class LazyPattern:
    """A `re.Pattern` stand-in. The first use compiles it and copies the pattern's public
    attributes (`search`, `finditer`, `pattern`, ...) onto this object, so later calls
    cost no more than on the pattern itself."""

    def __init__(self, source: str, flags: int | re.RegexFlag = 0):
        self._source = source
        self._flags = flags
        _PENDING.append(self)

    def compile(self) -> re.Pattern:
        compiled = re.compile(self._source, self._flags)
        for name in dir(compiled):
            if not name.startswith("_"):
                setattr(self, name, getattr(compiled, name))
        return compiled

    def __getattr__(self, name: str) -> Any:
        """Only reached before the first use: afterwards every public name is set."""
        if name.startswith("_"):
            raise AttributeError(name)
        return getattr(self.compile(), name)


def lazy_compile(source: str, flags: int | re.RegexFlag = 0) -> LazyPattern:
    return LazyPattern(source, flags)


def compile_pending() -> None:
    """Compile every pattern not used yet (before forking workers that would each compile it)."""
    while _PENDING:
        pattern = _PENDING.pop()
        if "search" not in vars(pattern):
            pattern.compile()
