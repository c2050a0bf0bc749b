"""Each profile's check of a tool: what its provider, MCP version or client refuses or
silently loses, found in the tool's `ToolContext` and cited from the table in `profiles`.

These modules read the rule contract's `ToolContext`, so they sit above `schema_lint.rule`,
which itself asks only the table below them (`profiles`). Shared by SL601 and SL602 (which
report the problems) and `schema-lint compat` (which tallies them per profile), so they can
never disagree about a tool.

May import: model, text, schema, prose, profiles, rule.
"""

from __future__ import annotations

import importlib
from collections.abc import Callable, Iterator

from schema_lint.profiles import (ANTHROPIC, ANTHROPIC_STRICT, CLAUDE_CODE, GEMINI, GEMINI_JSON_SCHEMA, MCP_2025_11_25,
                                  MCP_2026_07_28, OPENAI, OPENAI_STRICT)
from schema_lint.profiles.checks import request_limits
from schema_lint.profiles.checks.problem import Problem
from schema_lint.rule import ToolContext

# Each profile's check, as (module of this package, function). A module is imported
# when a tool is first checked for its profile: a run without profiles imports none of them.
# Cursor and VS Code Copilot limit only the number of tools: `request_limits` answers for them.
CHECKS = {OPENAI_STRICT: ("openai_strict", "check"), OPENAI: ("best_effort", "check_openai"),
          ANTHROPIC_STRICT: ("anthropic_strict", "check"), ANTHROPIC: ("best_effort", "check_anthropic"),
          GEMINI: ("gemini", "check"), GEMINI_JSON_SCHEMA: ("gemini_json_schema", "check"),
          MCP_2025_11_25: ("mcp", "check_2025_11_25"), MCP_2026_07_28: ("mcp", "check_2026_07_28"),
          CLAUDE_CODE: ("clients", "check_claude_code")}


def check_for(profile: str) -> Callable[[ToolContext], Iterator[Problem]] | None:
    """The check that answers for `profile`; None for a profile only `request_limits` checks."""
    if profile not in CHECKS:
        return None
    module, function = CHECKS[profile]
    return getattr(importlib.import_module(f"schema_lint.profiles.checks.{module}"), function)


def problems(ctx: ToolContext) -> Iterator[Problem]:
    """Everything the tool's profiles refuse, then the request-wide limits (at the first tool)."""
    for profile in sorted(ctx.profiles):
        check = check_for(profile)
        if check is not None:
            yield from check(ctx)
    yield from request_limits.check(ctx)


# The tool last asked about, and its problems: its rules run one after another.
_last: tuple[ToolContext | None, list[Problem]] = (None, [])


def problems_of(ctx: ToolContext) -> list[Problem]:
    """:func:`problems`, found once per tool however many rules ask (SL601 and SL602 both do)."""
    global _last
    if _last[0] is not ctx:
        _last = (ctx, list(problems(ctx)))
    return _last[1]
