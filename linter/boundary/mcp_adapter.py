"""Put the boundary in front of an MCP server's tools (official ``mcp`` SDK, extra ``schema-lint[mcp]``).

MCP's channel for an error the model can correct is a tool result with ``isError: true``,
not a protocol error, so a rejected call comes back that way with the envelope as JSON
text. A canonicalized call reaches the tool handler with the repaired arguments.

The SDK's server middleware sees every request before parameter validation and the
handler, on both ``Server`` and ``MCPServer``, so that is where the boundary sits::

    tools = await server.list_tools()  # or the Tool list a low-level server serves
    server.middleware.append(BoundaryMiddleware(boundaries_from_tools(tools)))

The middleware only decides calls the SDK itself would hand to a tool: a ``name`` that is
a string, ``arguments`` that are an object (or absent), on an initialized connection.
Anything else (a name that is a list or an object; arguments sent as a JSON string, a
list or a number; a call before ``initialize``) goes down the
chain untouched, so the client gets the SDK's own protocol error, never a tool run. The
SDK marks its middleware signature provisional, and whether the connection is
initialized is read from its session's connection; this module is the one place that
depends on either.
"""

from __future__ import annotations

import dataclasses
import json
from collections.abc import Iterable, Mapping
from typing import Any

from mcp.types import CallToolResult, TextContent, Tool

from schema_lint.model import Tool as LintTool
from schema_lint.prose.side_effects import classify
from .tool import ToolBoundary


class BoundaryMiddleware:
    """Server middleware that checks ``tools/call`` arguments of the tools it has a boundary for."""

    def __init__(self, boundaries: Mapping[str, ToolBoundary]):
        self.boundaries = dict(boundaries)

    async def __call__(self, ctx: Any, call_next: Any) -> Any:
        params = ctx.params
        if ctx.method != "tools/call" or not isinstance(params, Mapping):
            return await call_next(ctx)
        name = params.get("name")
        boundary = self.boundaries.get(name) if isinstance(name, str) else None
        if boundary is None:
            return await call_next(ctx)
        sent = params.get("arguments")
        if not (sent is None or isinstance(sent, Mapping)) or not _initialized(ctx):
            return await call_next(ctx)  # the SDK answers with its protocol error
        call_id = None if ctx.request_id is None else str(ctx.request_id)
        outcome = boundary.check({} if sent is None else dict(sent), call_id=call_id)
        if not outcome.proceed:
            text = json.dumps(outcome.envelope, ensure_ascii=False)
            return CallToolResult(content=[TextContent(type="text", text=text)], is_error=True)
        if outcome.repairs:
            ctx = dataclasses.replace(ctx, params={**params, "arguments": outcome.arguments})
        return await call_next(ctx)


def _initialized(ctx: Any) -> bool:
    """Whether the SDK's initialization gate is open for this request's connection.

    Read from the session's connection (``initialize_accepted``); an SDK without it is
    taken as initialized, which is how the boundary behaved before it asked."""
    connection = getattr(ctx.session, "_connection", None)
    return bool(getattr(connection, "initialize_accepted", True))


def boundaries_from_tools(tools: Iterable[Tool], **options: Any) -> dict[str, ToolBoundary]:
    """One boundary per MCP tool, from its ``inputSchema`` and annotations.

    The side-effect class is the one the linter gives the tool (MCP annotations, then
    the verb in its name), so the retry policy and the lint severities agree.
    ``options`` go to every :class:`ToolBoundary` (``policy``, ``mode`` …).
    """
    return {tool.name: ToolBoundary(tool.input_schema, name=tool.name, side_effects=_side_effects(tool), **options)
            for tool in tools}


def _side_effects(tool: Tool) -> str:
    """The linter's classification: annotations first, then the verb in the tool's name."""
    definition = tool.model_dump(by_alias=True, exclude_none=True)
    found = LintTool(tool.name, tool.input_schema, "", "", "mcp_tool", definition=definition)
    return classify(found).value
