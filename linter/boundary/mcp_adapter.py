"""Put the boundary in front of an MCP server's tools (official ``mcp`` SDK 1.x and 2.x, extra ``schema-lint[mcp]``).

MCP's channel for an error the model can correct is a tool result with ``isError: true``,
not a protocol error, so a rejected call comes back that way with the envelope as JSON
text. A canonicalized call reaches the tool handler with the repaired arguments. One
call guards every tool of a server, those registered later included; each tool's
boundary is built at its first call::

    mcp = MCPServer("docs")      # or FastMCP (SDK 1.x), or a low-level Server
    guard_server(mcp)

Where the boundary sits depends on the SDK: 2.x servers have middleware, which sees every
request before parameter validation and the handler; on a 1.x ``FastMCP`` it wraps the
tool manager's ``call_tool``; on a 1.x low-level ``Server`` the ``tools/call`` handler
(register that handler first). Tools written as Python functions (``MCPServer``,
``FastMCP``) have their arguments validated by pydantic in lax mode after JSON text in a
non-string field is decoded, so their boundaries make those same changes where the
function's own model takes the value as sent (:class:`~.framework.Leniency`, :mod:`~.judge`),
and leave dates, times and patterns to pydantic. A 1.x
low-level server validates with the ``jsonschema`` package, which asserts no ``format`` and
matches ``pattern`` with Python's ``re``, so its boundaries leave those two to it; a 2.x
low-level server validates nothing itself, so its boundaries check the schema as it is.

The middleware only decides calls the SDK itself would hand to a tool: a ``name`` that is
a string, ``arguments`` that are an object (or absent), on an initialized connection.
Anything else (a name that is a list or an object; arguments sent as a JSON string, a
list or a number; a call before ``initialize``) goes down the
chain untouched, so the client gets the SDK's own protocol error, never a tool run. The
SDK marks its middleware signature provisional, and whether the connection is
initialized is read from its session's connection; this module is the one place that
depends on either. ``BoundaryMiddleware(boundaries_from_tools(tools))`` is the same
middleware over a fixed set of tools.
"""

from __future__ import annotations

import dataclasses
import json
from collections.abc import Awaitable, Callable, Iterable, Mapping
from typing import Any

from mcp import types

from .framework import PYDANTIC_MCP, LazyBoundaries, Leniency, framework_boundary, request_id_of, side_effects
from .judge import Judge, pydantic_judge, refuse_all
from .outcome import Outcome
from .tool import ToolBoundary

JSONSCHEMA = Leniency(own_formats=True)
"""A 1.x low-level server's ``validate_input``: the ``jsonschema`` package, with no format checker and
Python's ``re`` for ``pattern``."""

Lookup = Callable[[str, Any], Awaitable["ToolBoundary | None"]]
"""(tool name, the request's context) → the tool's boundary, or ``None`` for a tool it does not know."""


class BoundaryMiddleware:
    """Server middleware (SDK 2.x) that checks ``tools/call`` arguments of the tools it has a boundary for."""

    def __init__(self, boundaries: Mapping[str, ToolBoundary] | None = None, *, lookup: Lookup | None = None):
        fixed = dict(boundaries or {})
        self.boundaries = fixed

        async def from_mapping(name: str, ctx: Any) -> ToolBoundary | None:
            return fixed.get(name)

        self._lookup = lookup or from_mapping

    async def __call__(self, ctx: Any, call_next: Any) -> Any:
        params = ctx.params
        if ctx.method != "tools/call" or not isinstance(params, Mapping):
            return await call_next(ctx)
        name = params.get("name")
        sent = params.get("arguments")
        if not isinstance(name, str) or not (sent is None or isinstance(sent, Mapping)) or not _initialized(ctx):
            return await call_next(ctx)  # the SDK answers with its protocol error
        boundary = await self._lookup(name, ctx)
        if boundary is None:
            return await call_next(ctx)
        outcome = boundary.check({} if sent is None else dict(sent), call_id=request_id_of(ctx))
        if not outcome.proceed:
            return error_result(outcome)
        if outcome.repairs:
            ctx = dataclasses.replace(ctx, params={**params, "arguments": outcome.arguments})
        return await call_next(ctx)


def _initialized(ctx: Any) -> bool:
    """Whether the SDK's initialization gate is open for this request's connection.

    Read from the session's connection (``initialize_accepted``); an SDK without it is
    taken as initialized, which is how the boundary behaved before it asked."""
    connection = getattr(ctx.session, "_connection", None)
    return bool(getattr(connection, "initialize_accepted", True))


def error_result(outcome: Outcome) -> types.CallToolResult:
    """The rejected call as MCP's correctable error: ``isError`` with the envelope as JSON text."""
    text = json.dumps(outcome.envelope, ensure_ascii=False)
    return types.CallToolResult.model_validate({"content": [{"type": "text", "text": text}], "isError": True})


def boundaries_from_tools(tools: Iterable[types.Tool], **options: Any) -> dict[str, ToolBoundary]:
    """One boundary per MCP tool, from its ``inputSchema`` and annotations.

    The side-effect class is the one the linter gives the tool (MCP annotations, then
    the verb in its name), so the retry policy and the lint severities agree.
    ``options`` go to every :class:`ToolBoundary` (``policy``, ``mode`` …).
    """
    return {tool.name: _boundary(tool, Leniency(), options) for tool in tools}


def _boundary(tool: types.Tool, leniency: Leniency, options: Mapping[str, Any],
              judge: Judge | None = None) -> ToolBoundary:
    definition = tool.model_dump(by_alias=True, exclude_none=True)
    schema = definition.get("inputSchema", {})
    return framework_boundary(schema, tool.name, leniency, judge=judge,
                              **{"side_effects": side_effects(tool.name, schema, definition), **options})


def guard_server(server: Any, **options: Any) -> Any:
    """Guard every tool of an MCP server, present and future; returns ``server``.

    ``server`` is a 2.x ``MCPServer`` or ``Server``, or a 1.x ``FastMCP`` or low-level
    ``Server``; ``options`` go to every :class:`ToolBoundary` (``policy``, ``mode`` …).
    """
    if hasattr(server, "middleware"):
        lookup = _function_tools(server, options) if hasattr(server, "_tool_manager") else _listed_tools(server, options)
        server.middleware.append(BoundaryMiddleware(lookup=lookup))
    elif hasattr(server, "_tool_manager"):
        _guard_tool_manager(server._tool_manager, options)
    elif hasattr(server, "request_handlers"):
        _guard_call_handler(server, options)
    else:
        raise TypeError(f"not an MCP server: {type(server).__name__}")
    return server


def _function_tools(server: Any, options: Mapping[str, Any]) -> Lookup:
    """The boundaries of a server whose tools are Python functions (``MCPServer``), read from its tool manager."""
    boundaries = _lazy(PYDANTIC_MCP, options)

    async def lookup(name: str, ctx: Any) -> ToolBoundary | None:
        tool = server._tool_manager.get_tool(name)
        return None if tool is None else boundaries.get(name, tool)

    return lookup


def _listed_tools(server: Any, options: Mapping[str, Any]) -> Lookup:
    """The boundaries of a low-level 2.x server, from its ``tools/list`` handler, asked again for a name it
    has not listed yet (a tool added since)."""
    listed: dict[str, types.Tool] = {}
    boundaries = _lazy(Leniency(), options)

    async def lookup(name: str, ctx: Any) -> ToolBoundary | None:
        entry = server.get_request_handler("tools/list")
        if name not in listed and entry is not None:
            result = await entry.handler(ctx, None)
            listed.update((tool.name, tool) for tool in result.tools)
        return boundaries.get(name, listed[name]) if name in listed else None

    return lookup


def _lazy(leniency: Leniency, options: Mapping[str, Any]) -> LazyBoundaries:
    """Boundaries by tool name, from either kind of tool object the SDK holds (a listed ``Tool``
    or a tool function's record), rebuilt when the object changes."""
    return LazyBoundaries(lambda name, tool: _boundary(_listed(tool), leniency, options, _judge(tool)))


def _judge(tool: Any) -> Judge:
    """The SDK's validation of a tool function's arguments (JSON text decoded, then the function's
    ``arg_model``), without running it; a listed tool, which has no model, is not judged."""
    metadata = getattr(tool, "fn_metadata", None)
    model, pre_parse = getattr(metadata, "arg_model", None), getattr(metadata, "pre_parse_json", None)
    if model is None or pre_parse is None:
        return refuse_all
    return pydantic_judge(lambda arguments: model.model_validate(pre_parse(arguments)))


def _listed(tool: Any) -> types.Tool:
    """A tool function's record (its ``parameters`` and ``annotations``) as the ``Tool`` the server lists."""
    if isinstance(tool, types.Tool):
        return tool
    annotations = tool.annotations.model_dump(by_alias=True, exclude_none=True) if tool.annotations else None
    return types.Tool.model_validate({"name": tool.name, "inputSchema": tool.parameters, "annotations": annotations})


def _guard_tool_manager(manager: Any, options: Mapping[str, Any]) -> None:
    """SDK 1.x ``FastMCP``: every tool call goes through its tool manager's ``call_tool``."""
    boundaries = _lazy(PYDANTIC_MCP, options)
    call_tool = manager.call_tool

    async def guarded(name: str, arguments: dict[str, Any], context: Any = None, convert_result: bool = False) -> Any:
        tool = manager.get_tool(name)
        if tool is not None:
            outcome = boundaries.get(name, tool).check(arguments, call_id=request_id_of(context))
            if not outcome.proceed:
                return error_result(outcome)
            arguments = outcome.arguments
        return await call_tool(name, arguments, context=context, convert_result=convert_result)

    manager.call_tool = guarded


def _guard_call_handler(server: Any, options: Mapping[str, Any]) -> None:
    """SDK 1.x low-level ``Server``: its ``tools/call`` handler, with tools from the server's own tool cache."""
    handler = server.request_handlers.get(types.CallToolRequest)
    if handler is None:
        raise ValueError("register the server's call_tool handler before guarding it")
    boundaries = _lazy(JSONSCHEMA, options)

    async def guarded(request: types.CallToolRequest) -> Any:
        params = request.params
        tool = await server._get_cached_tool_definition(params.name)
        if tool is None:
            return await handler(request)
        outcome = boundaries.get(params.name, tool).check(params.arguments or {})
        if not outcome.proceed:
            return types.ServerResult(error_result(outcome))  # type: ignore[operator]  # 1.x: a model, 2.x: a union
        if outcome.repairs:
            request = request.model_copy(update={"params": params.model_copy(update={"arguments": outcome.arguments})})
        return await handler(request)

    server.request_handlers[types.CallToolRequest] = guarded
