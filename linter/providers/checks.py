"""Which check answers for which profile, and everything a tool's profiles refuse.

Shared by SL601 (which reports the problems) and `schema-lint compat` (which tallies
them per profile), so the two can never disagree about a tool.
"""

from __future__ import annotations

from collections.abc import Iterator

from schema_lint.providers import ANTHROPIC_STRICT, GEMINI, OPENAI_STRICT, anthropic_strict, gemini, openai_strict
from schema_lint.providers import request_limits
from schema_lint.providers.problem import Problem
from schema_lint.rule import ToolContext

CHECKS = {OPENAI_STRICT: openai_strict.check, ANTHROPIC_STRICT: anthropic_strict.check, GEMINI: gemini.check}


def problems(ctx: ToolContext) -> Iterator[Problem]:
    """Everything the tool's profiles refuse, then the request-wide limits (at the first tool)."""
    for profile in sorted(ctx.profiles):
        if profile in CHECKS:
            yield from CHECKS[profile](ctx)
    yield from request_limits.check(ctx)
