"""User patterns never run on a backtracking engine without a budget.

The classic catastrophic patterns, against the keys and values that make a
backtracking engine take minutes, in every place that matches a user's pattern: the
shared helper, the boundary (validation and the walk that steers repairs), SL007's
`patternProperties` check, SL008's default validation, SL305, and fuzz's trimming of
undeclared keys. Each must finish far below a second (milliseconds in practice).
"""

from __future__ import annotations

import json
import time

import pytest

from schema_lint.boundary import ToolBoundary
from schema_lint.boundary.compiled import compiled
from schema_lint.run.linter import lint_text
from schema_lint.schema.patterns import search

pytestmark = pytest.mark.hostile

REDOS = ["^(a+)+$", "(a|aa)*b", "(.*a){20}", "^(a|a)*$", "^(\\w+\\s?)*$"]
HOSTILE = ["a" * 40 + "!", "a" * 19 + "x" * 60, "a" * 5000 + "!", "a " * 30 + "!"]
# With a backreference the pattern needs the backtracking engine: its budget answers.
BACKREFERENCE = "^(a|a)+\\1$"
LIMIT_SECONDS = 1.0


def _timed(action):
    started = time.thread_time()
    value = action()
    elapsed = time.thread_time() - started
    assert elapsed < LIMIT_SECONDS, f"{elapsed:.1f} s"
    return value


def test_search_is_linear_or_says_it_does_not_know():
    for pattern in REDOS:
        for text in HOSTILE:
            assert _timed(lambda: search(pattern, text)) in (True, False)
    assert search("^(a+)+$", "aaaa") is True and search("^(a+)+$", "aaa!") is False
    assert _timed(lambda: search(BACKREFERENCE, "a" * 40 + "!")) is None  # out of budget: unknown


def _pattern_schema(patterns=(*REDOS, BACKREFERENCE)) -> dict:
    return {"type": "object", "properties": {"id": {"type": "string"}},
            "patternProperties": {pattern: {"type": "integer"} for pattern in patterns},
            "additionalProperties": {"type": "array", "items": {"type": "string"}}}


def test_the_boundary_walk_and_validation_stay_fast_on_hostile_keys():
    boundary = ToolBoundary(_pattern_schema(), name="get_thing")
    call = {key: "not an array" for key in HOSTILE}
    outcome = _timed(lambda: boundary.check(call))
    # additionalProperties applies to keys no pattern matches: a scalar becomes an array.
    assert outcome.status in ("canonicalized", "rejected")
    assert _timed(lambda: boundary.check(json.dumps(call))).status == outcome.status


def test_sl007_stays_fast_on_hostile_required_names():
    unmatched = "c" * 50 + "!"  # hostile to `^(\w+\s?)*$`, and no pattern matches it
    schema = {**_pattern_schema(REDOS), "required": [*HOSTILE, unmatched], "additionalProperties": False}
    tool = {"name": "get_thing", "description": "Get it.", "inputSchema": schema}
    result = _timed(lambda: lint_text(json.dumps(tool), "tool.json"))
    flagged = [d for d in result.diagnostics if d.code == "SL007"]
    # Every HOSTILE name holds twenty `a`s: `(.*a){20}` supplies it.
    assert [d.pointer for d in flagged] == [f"/inputSchema/required/{len(HOSTILE)}"], [d.message for d in flagged]
    # A pattern whose match ran out of budget might supply the name: no finding then.
    tool["inputSchema"]["required"] = ["a" * 40 + "!"]
    tool["inputSchema"]["patternProperties"] = {BACKREFERENCE: {}}
    result = _timed(lambda: lint_text(json.dumps(tool), "tool.json"))
    assert not [d for d in result.diagnostics if d.code == "SL007"]


def test_sl008_and_sl305_stay_fast_on_hostile_values():
    properties = {f"p{i}": {"type": "string", "pattern": pattern, "default": text, "examples": HOSTILE}
                  for i, (pattern, text) in enumerate((p, t) for p in [*REDOS, BACKREFERENCE] for t in HOSTILE)}
    tool = {"name": "get_thing", "description": "Get it.",
            "inputSchema": {"type": "object", "properties": properties, "required": list(properties)}}
    result = _timed(lambda: lint_text(json.dumps(tool), "tool.json"))
    assert any(d.code == "SL008" for d in result.diagnostics)
    assert not result.internal_errors


def test_fuzz_trimming_of_undeclared_keys_stays_fast():
    pytest.importorskip("hypothesis_jsonschema")
    from schema_lint.fuzz.sites import declared_only

    call = {"id": "x", **{key: 1 for key in HOSTILE}}
    trimmed = _timed(lambda: declared_only(compiled(_pattern_schema()), call))
    assert "id" in trimmed


# Lookaround sends the pattern to the backtracking VM; this value runs it past its budget.
LOOKAROUND = "^(?=[A-Z])(\\w+\\s?)*(?<!-)$"
OUT_OF_BUDGET = "A" + "w" * 5000 + "!"


def test_a_value_past_the_backtracking_budget_is_rejected_with_a_repair_not_raised():
    """jsonschema-rs reports it as `BacktrackLimitExceeded`, named "pattern" but without the
    pattern: the envelope reads it from the schema and tells the model what to do."""
    schema = {"type": "object", "properties": {"sku": {"type": "string", "pattern": LOOKAROUND}},
              "required": ["sku"], "additionalProperties": False}
    outcome = _timed(lambda: ToolBoundary(schema, name="lookup_sku").check({"sku": OUT_OF_BUDGET}))
    assert outcome.status == "rejected"
    (problem,) = outcome.envelope["error"]["errors"]
    assert problem["path"] == "$.sku" and LOOKAROUND in problem["expected"] and "shorter" in problem["repair"]
