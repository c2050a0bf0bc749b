"""Whether each tool would be accepted by each provider profile: the `compat` matrix.

A cell is ✓ (accepted), ✗ (refused: at least one entry whose effect is a refusal) or
~ (accepted, but some keyword silently weakened); its reasons are the subjects of the
table entries that apply, so that counts over many tools group by the provider's rule
rather than by message text. Limits that count across the tools sent together are
kept apart, per request (`sources.tools.Requests`: a file's list of tools, each line of a
JSON Lines catalogue apart): they refuse a request, not a tool.
"""

from __future__ import annotations

from collections import Counter
from collections.abc import Iterable
from dataclasses import dataclass, field
from typing import Any

from schema_lint.model import Tool
from schema_lint.profiles import API_PROFILES
from schema_lint.profiles.checks import request_limits
from schema_lint.profiles.checks import check_for
from schema_lint.profiles.checks.clients import request_name
from schema_lint.profiles.checks.problem import Problem
from schema_lint.rule import ToolContext

ACCEPTED, REFUSED, WEAKENED = "✓", "✗", "~"


@dataclass
class Cell:
    mark: str
    reasons: list[str]


@dataclass
class Row:
    path: str
    tool: str
    cells: dict[str, Cell]


@dataclass
class Matrix:
    profiles: tuple[str, ...]
    rows: list[Row] = field(default_factory=list)
    # (path, problem) for each request-wide limit the tools of one request pass together.
    requests: list[tuple[str, Problem]] = field(default_factory=list)

    def add_file(self, path: str, document: Any, tools: list[Tool], requests: Iterable[tuple[Tool, ...]]) -> None:
        """The rows of `tools`, read from `path`, and the limits each of its `requests` (the tools
        sent together, see `sources.tools.Requests`) passes."""
        name = request_name(path)
        for tool in tools:
            self.rows.append(Row(path, tool.name,
                                 {profile: cell(tool, document, profile, name) for profile in self.profiles}))
        group = tuple(tools)  # once: a catalogue holds a request per line
        for sent in requests:
            # A limit a tool's own format brings (OpenAI's 128 tools) is found under every profile: once.
            found: dict[str, Problem] = {}
            for profile in self.profiles:
                ctx = ToolContext(sent[0], document, profiles=frozenset({profile}), group=group,
                                  configured_profiles=frozenset({profile}), request_name=name, request_tools=sent)
                for problem in request_limits.check(ctx):
                    found.setdefault(problem.source.id, problem)
            self.requests.extend((path, problem) for problem in found.values())

    def summary(self, profile: str) -> dict[str, int]:
        """Tools accepted, refused and weakened under `profile`, and the request-wide limits of
        its that a request passes (each refuses that request whole, `requests`)."""
        marks = Counter(row.cells[profile].mark for row in self.rows)
        refusing = sum(1 for _, problem in self.requests if problem.source.profile == profile and problem.refused)
        return {"tools": len(self.rows), "accepted": marks[ACCEPTED], "refused": marks[REFUSED],
                "weakened": marks[WEAKENED], "request_limits_refusing": refusing}

    def top_reasons(self, profile: str, count: int = 5) -> list[tuple[str, int]]:
        """The most common reasons, counted once per tool."""
        return Counter(reason for row in self.rows for reason in row.cells[profile].reasons).most_common(count)


def cell(tool: Tool, document: Any, profile: str, request_name: str = "") -> Cell:
    """✗ when the profile refuses something, ~ when it silently drops something, else ✓ (a
    specification's SHOULD is listed as a reason but does not refuse)."""
    check = check_for(profile)
    ctx = ToolContext(tool, document, profiles=frozenset({profile}), request_name=request_name)
    found = list(check(ctx)) if check else []
    reasons = list(dict.fromkeys(_reason(problem) for problem in found))
    if any(problem.refused for problem in found):
        return Cell(REFUSED, reasons)
    return Cell(WEAKENED if any(problem.silent for problem in found) else ACCEPTED, reasons)


def _reason(problem: Problem) -> str:
    """The entry's subject; "(not verified)" after one whose source was not found, as its
    finding says (`Source.cite`): a ✗ a provider's docs do not bear out is not shown as one."""
    return problem.source.subject + ("" if problem.source.verified else " (not verified)")


def build(files: Iterable[tuple[str, Any, list[Tool], list[tuple[Tool, ...]]]],
          profiles: Iterable[str] = API_PROFILES) -> Matrix:
    """The matrix of each file's (path, data, tools, requests)."""
    matrix = Matrix(tuple(profiles))
    for path, document, tools, requests in files:
        matrix.add_file(path, document, tools, requests)
    return matrix
