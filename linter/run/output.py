"""Where a run writes what it says: the report on stdout, notes and errors on stderr.

The run writes through an `Output` the command gives it, so that it knows nothing of the
command line: `cli` hands it one that writes through click (which handles colour and
streams that cannot take a character), a test or a language server may hand it another.
"""

from __future__ import annotations

from typing import Protocol


class Output(Protocol):
    def write(self, text: str, *, err: bool = False, color: bool = False) -> None:
        """Write `text` as it is, to stderr when `err`; `color`: it holds colour codes to keep."""

    def line(self, text: str, *, err: bool = False) -> None:
        """Write `text` and a line break."""


class RunError(Exception):
    """What stops a run before its report, said on stderr as `schema-lint: error: …`, exit 2."""
