"""Calls to tools the tool files do not hold: counted, never summarised.

A log may name a million tools the tool files do not hold (another agent's tools, a name
made up per call, a hostile writer); a summary each took gigabytes, for evidence no rule
asks for. :data:`NAMES_LISTED` names are listed with their calls (the least in code point
order, so that counts from parts of a log merge into those of the whole); past them the
calls are counted and their names estimated, in memory that does not grow with them.
"""

from __future__ import annotations

from collections import Counter
from collections.abc import Mapping
from typing import Any

from schema_lint.text.display import clip
from schema_lint.traffic.sketch import DistinctCount, Smallest

NAMES_LISTED = 1_000
"""Names of tools not in the tool files listed, each clipped as a finding clips a name."""


class OtherTools:
    """How many calls named tools not in the tool files, and which."""

    def __init__(self) -> None:
        self.calls = 0
        self.names: Counter[str] = Counter()  # name listed (clipped) → calls
        self.unlisted_calls = 0
        self.unlisted_names = DistinctCount(NAMES_LISTED)  # exact up to as many again, then within about 3%
        self._listed = Smallest(NAMES_LISTED)

    def add(self, name: str, calls: int = 1) -> None:
        self._add_shown(clip(name), calls)

    def _add_shown(self, shown: str, calls: int) -> None:
        self.calls += calls
        if shown in self.names:
            self.names[shown] += calls
            return
        admitted, evicted = self._listed.admit(self.names, shown)
        if evicted is not None:
            self._unlist(evicted, self.names.pop(evicted))
        if admitted:
            self.names[shown] = calls
        else:
            self._unlist(shown, calls)

    def _unlist(self, shown: str, calls: int) -> None:
        self.unlisted_calls += calls
        self.unlisted_names.add(shown)

    def merge(self, other: OtherTools) -> None:
        for shown, calls in other.names.items():
            self._add_shown(shown, calls)
        self.calls += other.unlisted_calls
        self.unlisted_calls += other.unlisted_calls
        self.unlisted_names.merge(other.unlisted_names)

    def to_data(self) -> dict[str, Any]:
        return {"calls": self.calls, "names": dict(sorted(self.names.items())), "unlisted_calls": self.unlisted_calls,
                "unlisted_names": self.unlisted_names.to_data()}

    @classmethod
    def from_data(cls, data: Mapping[str, Any]) -> OtherTools:
        other = cls()
        other.calls, other.names, other.unlisted_calls = data["calls"], Counter(data["names"]), data["unlisted_calls"]
        other.unlisted_names = DistinctCount.from_data(data["unlisted_names"], NAMES_LISTED)
        return other
