"""`--output-format json`: the whole run for machines, one object.

`{"tools": [{"name", "file", "near_misses": [...], "unsupported"}], "summary": {...}}`,
each near miss `{"mutator", "path", "outcome", "example", "repairs" | "envelope", "rule"}`:
`repairs` for a canonicalized one, `envelope` for a rejected one, and `rule` (null
unless accepted) naming the rule that would have caught it.
"""

from __future__ import annotations

from typing import Any

from schema_lint.text.display import json_text
from schema_lint.fuzz.model import FuzzResult, NearMiss
from schema_lint.fuzz.report import summary


def render(result: FuzzResult, color: bool = False) -> str:
    data = {
        "tools": [{"name": tool.name, "file": tool.file,
                   "near_misses": [near_miss_record(miss) for miss in tool.near_misses],
                   "unsupported": tool.unsupported}
                  for tool in result.tools],
        "summary": summary(result),
    }
    return json_text(data, indent=2) + "\n"


def near_miss_record(miss: NearMiss) -> dict[str, Any]:
    record: dict[str, Any] = {"mutator": miss.mutator, "path": miss.path, "outcome": miss.outcome,
                              "example": miss.example}
    if miss.outcome == "canonicalized":
        record["repairs"] = list(miss.repairs)
    elif miss.outcome == "rejected":
        record["envelope"] = miss.envelope
    record["rule"] = miss.rule
    return record
