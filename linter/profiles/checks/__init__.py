"""Which check answers for which profile, and everything a tool's profiles refuse.

Shared by SL601 (which reports the problems) and `schema-lint compat` (which tallies
them per profile), so the two can never disagree about a tool.
"""

from __future__ import annotations

import importlib
from collections.abc import Callable, Iterator

from schema_lint.profiles import ANTHROPIC, ANTHROPIC_STRICT, CLAUDE_CODE, GEMINI, GEMINI_JSON_SCHEMA, MCP_2025_11_25, MCP_2026_07_28, OPENAI, OPENAI_STRICT
from schema_lint.profiles.checks import request_limits
from schema_lint.profiles.checks.problem import Problem
from schema_lint.rule import ToolContext

# Each profile's check, as (module of `schema_lint.profiles`, function). A module is imported
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
