"""What every fuzz report format shares: the cells, the summary, and how a near miss reads.

A cell is one mutator × one outcome for one tool: how many near misses (distinct paths)
landed there, and the most readable of them as its example. The formats (`table`,
`markdown`, `json`) only lay these out.
"""

from __future__ import annotations

import collections
import importlib
from dataclasses import dataclass
from typing import Any

from schema_lint.text.display import json_text
from schema_lint.fuzz.model import OUTCOMES, FuzzResult, NearMiss, ToolReport
from schema_lint.fuzz.mutators import MUTATORS, Change

FORMATS = {
    "table": "schema_lint.fuzz.table",
    "json": "schema_lint.fuzz.json_report",
    "markdown": "schema_lint.fuzz.markdown",
}
_SHOWN = 40


@dataclass(frozen=True)
class Cell:
    mutator: str
    outcome: str
    count: int
    example: NearMiss


def render(format_name: str, result: FuzzResult, color: bool = False) -> str:
    return importlib.import_module(FORMATS[format_name]).render(result, color)


def cells(tool: ToolReport) -> list[Cell]:
    """The tool's mutator × outcome cells in report order, each with its most readable example."""
    grouped: dict[tuple[str, str], list[NearMiss]] = collections.defaultdict(list)
    for miss in tool.near_misses:
        grouped[(miss.mutator, miss.outcome)].append(miss)
    order = {name: index for index, name in enumerate(MUTATORS)}
    return [Cell(mutator, outcome, len(misses), min(misses, key=lambda miss: miss.rank))
            for (mutator, outcome), misses in sorted(grouped.items(),
                                                     key=lambda item: (order[item[0][0]], OUTCOMES.index(item[0][1])))]


def summary(result: FuzzResult) -> dict[str, Any]:
    accepted_by_rule = collections.Counter(miss.rule for tool in result.tools for miss in tool.near_misses
                                           if miss.outcome == "accepted")
    return {
        "tools": len(result.tools),
        "unsupported": sum(1 for tool in result.tools if tool.unsupported),
        "valid_calls": sum(tool.valid_calls for tool in result.tools),
        "discarded_calls": sum(tool.discarded for tool in result.tools),
        "checked_calls": sum(tool.checked for tool in result.tools),
        "near_misses": sum(len(tool.near_misses) for tool in result.tools),
        **{outcome: result.count(outcome) for outcome in OUTCOMES},
        "accepted_by_rule": dict(sorted(accepted_by_rule.items())),
        "seed": result.options.seed,
        "examples": result.options.examples,
        "policy": list(result.options.policy.repairs),
    }


def headline(result: FuzzResult) -> str:
    """One sentence: how many tools, near misses, and where they landed."""
    data = summary(result)
    unsupported = f" ({data['unsupported']} unsupported)" if data["unsupported"] else ""
    return f"{data['tools']} tool{'s' if data['tools'] != 1 else ''}{unsupported}, {near_miss_counts(data)}"


def near_miss_counts(data: dict[str, Any]) -> str:
    """`44 near misses: 2 canonicalized, 33 rejected, 9 accepted`, from a `summary`."""
    return (f"{data['near_misses']} near misses: "
            f"{data['canonicalized']} canonicalized, {data['rejected']} rejected, {data['accepted']} accepted")


def outcome_label(miss_or_cell: NearMiss | Cell) -> str:
    """`accepted (SL201)` for accepted near misses, the bare outcome otherwise."""
    miss = miss_or_cell.example if isinstance(miss_or_cell, Cell) else miss_or_cell
    return f"accepted ({miss.rule})" if miss.outcome == "accepted" and miss.rule else miss.outcome


def example_text(miss: NearMiss) -> str:
    """What was sent and what became of it: `$.tags = "a" → ["a"]`, `$.channel = "EMAIL" → enum: …`."""
    sent = ", ".join(_change_text(change) for change in miss.changes)
    if miss.outcome == "canonicalized" and miss.repairs:
        repair = miss.repairs[0]
        return f"{sent} → {short(repair['after'])} ({repair['rule']})"
    if miss.outcome == "rejected" and miss.envelope:
        errors = miss.envelope["error"]["errors"]
        if errors:
            first = errors[0]
            return f"{sent} → {first['reason']}: {_clip(first['expected'])}"
    return sent


def short(value: Any) -> str:
    """Compact JSON, clipped, with control characters escaped; a long string says how long it was."""
    if isinstance(value, str) and len(value) > _SHOWN:
        return f"{json_text(value[:12])[:-1]}…\" ({len(value):,} chars)"
    return _clip(json_text(value))


def _change_text(change: Change) -> str:
    return f"{change.path} left out" if change.dropped else f"{change.path} = {short(change.value)}"


def _clip(text: str) -> str:
    return text if len(text) <= _SHOWN else text[: _SHOWN - 1] + "…"
