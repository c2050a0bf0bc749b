"""Which check answers for which profile, and everything a tool's profiles refuse.

Shared by SL601 (which reports the problems) and `schema-lint compat` (which tallies
them per profile), so the two can never disagree about a tool.
"""

from __future__ import annotations

from collections.abc import Iterator

from schema_lint.providers import (ANTHROPIC, ANTHROPIC_STRICT, CLAUDE_CODE, GEMINI, GEMINI_JSON_SCHEMA,
                                   MCP_2025_11_25, MCP_2026_07_28, OPENAI, OPENAI_STRICT, anthropic_strict, best_effort,
                                   clients, gemini, gemini_json_schema, mcp, openai_strict, request_limits)
from schema_lint.providers.problem import Problem
from schema_lint.rule import ToolContext

# Cursor and VS Code Copilot limit only the number of tools: `request_limits` answers for them.
CHECKS = {OPENAI_STRICT: openai_strict.check, OPENAI: best_effort.check_openai,
          ANTHROPIC_STRICT: anthropic_strict.check, ANTHROPIC: best_effort.check_anthropic,
          GEMINI: gemini.check, GEMINI_JSON_SCHEMA: gemini_json_schema.check,
          MCP_2025_11_25: mcp.check_2025_11_25, MCP_2026_07_28: mcp.check_2026_07_28,
          CLAUDE_CODE: clients.check_claude_code}


def problems(ctx: ToolContext) -> Iterator[Problem]:
    """Everything the tool's profiles refuse, then the request-wide limits (at the first tool)."""
    for profile in sorted(ctx.profiles):
        if profile in CHECKS:
            yield from CHECKS[profile](ctx)
    yield from request_limits.check(ctx)
