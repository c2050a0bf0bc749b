"""Calls to tools the tool files do not hold: counted, never summarised.

A log may name a million tools the tool files do not hold (another agent's tools, a name
made up per call, a hostile writer); a summary each took gigabytes, for evidence no rule
asks for. The first :data:`NAMES_LISTED` names are listed; past them the calls are
counted and their names estimated, in memory that does not grow with them.
"""

from __future__ import annotations

from schema_lint.text.display import clip
from schema_lint.traffic.sketch import DistinctCount

NAMES_LISTED = 1_000
"""Names of tools not in the tool files listed, each clipped as a finding clips a name."""


class OtherTools:
    """How many calls named tools not in the tool files, and which."""

    def __init__(self) -> None:
        self.calls = 0
        self.names: set[str] = set()
        self.unlisted_calls = 0
        self.unlisted_names = DistinctCount(NAMES_LISTED)  # exact up to as many again, then within about 3%

    def add(self, name: str, calls: int = 1) -> None:
        self.calls += calls
        shown = clip(name)
        if shown in self.names:
            return
        if len(self.names) < NAMES_LISTED:
            self.names.add(shown)
            return
        self.unlisted_calls += calls
        self.unlisted_names.add(name)
