"""Put the boundary in front of a standalone ``fastmcp`` server's tools (extra ``schema-lint[fastmcp]``).

fastmcp's own extension point is its middleware, whose ``on_call_tool`` sees every tool
call before the tool validates its arguments; tools added after the middleware are
guarded too, each boundary built at the tool's first call::

    server = FastMCP("docs")
    server.add_middleware(BoundaryMiddleware())

A rejected call returns a tool result with ``isError`` and the envelope as JSON text,
MCP's channel for an error the model can correct; a canonicalized call reaches the tool
with the repaired arguments. fastmcp validates a tool function's arguments with pydantic,
in lax mode unless the server sets ``strict_input_validation``, so the boundary makes the
lax mode's readings of numbers and booleans too, where the function's own validation takes
them (not for a ``StrictBool``, say: :mod:`~.judge`), and in either mode leaves dates, times
and patterns to pydantic (:class:`~.framework.Leniency`).
"""

from __future__ import annotations

import json
from typing import Any

from fastmcp.server.middleware import Middleware, MiddlewareContext
from fastmcp.tools.base import ToolResult
from mcp import types

from .framework import PYDANTIC, PYDANTIC_STRICT, LazyBoundaries, Leniency, framework_boundary, side_effects
from .judge import Judge, arguments_validator, pydantic_judge, refuse_all
from .tool import ToolBoundary


class BoundaryMiddleware(Middleware):
    """Checks every ``tools/call`` against its tool's ``parameters``; ``options`` go to every
    :class:`ToolBoundary` (``policy``, ``mode`` …)."""

    def __init__(self, **options: Any):
        self._lax = LazyBoundaries(lambda name, tool: _boundary(tool, PYDANTIC, options))
        self._strict = LazyBoundaries(lambda name, tool: _boundary(tool, PYDANTIC_STRICT, options))

    async def on_call_tool(self, context: MiddlewareContext[Any], call_next: Any) -> Any:
        params = context.message
        server = context.fastmcp_context.fastmcp if context.fastmcp_context is not None else None
        tool = await server.get_tool(params.name) if server is not None else None
        if tool is None:
            return await call_next(context)
        boundaries = self._strict if getattr(server, "strict_input_validation", False) else self._lax
        outcome = boundaries.get(params.name, tool).check(dict(params.arguments or {}))
        if not outcome.proceed:
            text = json.dumps(outcome.envelope, ensure_ascii=False)
            return ToolResult(content=[types.TextContent(type="text", text=text)], is_error=True)
        if outcome.repairs:
            context = context.copy(message=params.model_copy(update={"arguments": outcome.arguments}))
        return await call_next(context)


def _boundary(tool: Any, leniency: Leniency, options: dict[str, Any]) -> ToolBoundary:
    definition = tool.to_mcp_tool().model_dump(by_alias=True, exclude_none=True)
    return framework_boundary(tool.parameters, tool.name, leniency, judge=_judge(tool),
                              **{"side_effects": side_effects(tool.name, tool.parameters, definition), **options})


def _judge(tool: Any) -> Judge:
    """fastmcp's validation of a function tool's arguments (its function's ``TypeAdapter``, the
    parameters it injects left out), without running it; a tool of another kind is not judged."""
    fn = getattr(tool, "fn", None)
    if not callable(fn):
        return refuse_all
    try:
        from fastmcp.server.dependencies import without_injected_parameters
        from fastmcp.utilities.types import get_cached_typeadapter

        validate = arguments_validator(get_cached_typeadapter(without_injected_parameters(fn)))
    except Exception:  # noqa: BLE001 - another fastmcp's internals: no framework repair rather than a wrong one
        return refuse_all
    return refuse_all if validate is None else pydantic_judge(validate)
