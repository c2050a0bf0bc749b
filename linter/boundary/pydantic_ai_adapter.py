"""Put the boundary in front of a pydantic-ai agent's tools (extra ``schema-lint[pydantic-ai]``).

A capability's ``before_tool_validate`` hook sees each tool call's raw arguments before
pydantic-ai validates them, for every tool of the agent, whenever it was added::

    agent = Agent(model, tools=[search], capabilities=[BoundaryCapability()])

A rejected call raises ``ModelRetry`` with the envelope as JSON text, which pydantic-ai
sends back to the model as a retry prompt (counted against the tool's ``retries``); a
canonicalized call is validated and run with the repaired arguments. pydantic-ai
validates with pydantic in lax mode, so the boundary reads numbers and booleans the
same way where the tool's own validator takes them as sent (:mod:`~.judge`), and leaves
dates, times and patterns to pydantic (:class:`~.framework.Leniency`).
"""

from __future__ import annotations

import json
from typing import Any

from pydantic_ai import ModelRetry
from pydantic_ai.capabilities import AbstractCapability

from .framework import PYDANTIC, LazyBoundaries, framework_boundary, side_effects
from .judge import Judge, pydantic_judge, refuse_all


class BoundaryCapability(AbstractCapability[Any]):
    """Checks every tool call against its tool's ``parameters_json_schema``; ``options`` go to every
    :class:`ToolBoundary` (``policy``, ``mode`` …)."""

    def __init__(self, **options: Any):
        self._boundaries = LazyBoundaries(
            lambda name, seen: framework_boundary(
                seen[0], name, PYDANTIC, judge=_judge(seen[1]),
                **{"side_effects": side_effects(name, seen[0], {"name": name}), **options}))

    async def before_tool_validate(self, ctx: Any, *, call: Any, tool_def: Any, args: Any) -> Any:
        tools = getattr(getattr(ctx, "tool_manager", None), "tools", None) or {}
        validator = getattr(tools.get(tool_def.name), "args_validator", None)
        boundary = self._boundaries.get(tool_def.name, (tool_def.parameters_json_schema, validator))
        outcome = boundary.check(args or {}, call_id=call.tool_call_id)
        if not outcome.proceed:
            raise ModelRetry(json.dumps(outcome.envelope, ensure_ascii=False))
        if not outcome.repairs:
            return args
        # Arguments the model sent as JSON text go back as JSON text: pydantic-ai validates text
        # in JSON mode, where a strict field takes an enum's value or a date as a string.
        return json.dumps(outcome.arguments, ensure_ascii=False) if isinstance(args, str) else outcome.arguments


def _judge(validator: Any) -> Judge:
    """pydantic-ai's validation of a tool's arguments (the tool's ``args_validator``, as its tool
    manager holds it), without running it; a tool whose validator is out of reach is not judged."""
    validate = getattr(validator, "validate_python", None)
    return refuse_all if validate is None else pydantic_judge(validate)
