"""The values a fuzz run hands to its reports.

Kept apart from the run itself so that reports, and the command's `--help`, never
import the generator (hypothesis is an optional dependency, and a heavy import).
"""

from __future__ import annotations

import json
import string
from dataclasses import dataclass, field
from typing import TYPE_CHECKING, Any

from schema_lint.boundary import Policy

if TYPE_CHECKING:
    from schema_lint.fuzz.mutators import Change

OUTCOMES = ("canonicalized", "rejected", "accepted")
# Characters an example reads easily with, as a `str.translate` table that deletes them.
_PLAIN = str.maketrans("", "", string.ascii_letters + string.digits + ' {}[]":,.-_@/')
# Per-tool generation budget: a usual tool needs a few tenths of a second, so 50 tools
# finish in about 10 s on two cores, and only a hung generator meets the limit.
DEFAULT_BUDGET = 2.0
DEFAULT_EXAMPLES = 10


@dataclass(frozen=True)
class FuzzOptions:
    examples: int = DEFAULT_EXAMPLES
    seed: int = 0
    policy: Policy = field(default_factory=Policy.default)
    budget: float = DEFAULT_BUDGET


@dataclass(frozen=True)
class NearMiss:
    """One near miss and what the boundary made of it.

    `repairs` are set when it was canonicalized, `envelope` when it was rejected, and
    `rule` (the rule that would have caught it) when it was accepted.
    """

    mutator: str
    path: str
    outcome: str
    example: Any
    changes: tuple[Change, ...] = ()
    repairs: tuple[dict, ...] = ()
    envelope: dict | None = None
    rule: str | None = None

    @property
    def rank(self) -> tuple[int, int, int, str]:
        """Orders examples most readable first, then shortest, ties broken by text: a report shows the least.

        Readable is few characters besides letters, digits and JSON's own punctuation, in
        the values changed (what the table shows) and then in the whole call: of
        `$.tags = "\\u0019"` and `$.tags = "labels"`, a reader wants the second.
        """
        changed = json.dumps([change.value for change in self.changes], ensure_ascii=False)
        text = json.dumps(self.example, sort_keys=True, ensure_ascii=False)
        return len(changed.translate(_PLAIN)), len(text.translate(_PLAIN)), len(text), text


@dataclass
class ToolReport:
    name: str
    file: str
    near_misses: list[NearMiss] = field(default_factory=list)
    # Why no valid call could be made (then there are no near misses), or None.
    unsupported: str | None = None
    valid_calls: int = 0
    # Generated values the schema rejected: a generator gap, reported, never a finding.
    discarded: int = 0
    # Near-miss calls sent through the boundary (before keeping one per mutator, path, outcome).
    checked: int = 0
    # The generator failed on this tool (`unsupported` says how): the run did not fuzz it.
    failed: bool = False


@dataclass
class FuzzResult:
    tools: list[ToolReport]
    options: FuzzOptions
    # Inputs that could not be read, as `file:line:col: message`.
    problems: list[str] = field(default_factory=list)

    def count(self, outcome: str) -> int:
        return sum(1 for tool in self.tools for miss in tool.near_misses if miss.outcome == outcome)
