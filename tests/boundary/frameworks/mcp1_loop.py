"""MCP SDK 1.x: a FastMCP server (tool functions) and a low-level Server, guarded by guard_server."""

from typing import Any

import anyio
from loop_common import (LOW_LEVEL_SCHEMA, RECEIVED, aliased, answer, dated, deploy, invite, low_level_handler, report,
                         scenario, schedule, search, strict)

import mcp.types as types
from mcp.server.fastmcp import FastMCP
from mcp.server.lowlevel import Server
from mcp.shared.memory import create_connected_server_and_client_session

from schema_lint.boundary.mcp_adapter import guard_server


def function_server(guarded: bool, tool=search):
    server = FastMCP("docs")
    if guarded:
        guard_server(server)
    server.tool()(tool)  # registered after the adapter: guarded all the same
    return server._mcp_server


def low_level(guarded: bool):
    server = Server("docs")

    @server.list_tools()
    async def list_tools():
        return [types.Tool(name="search", inputSchema=LOW_LEVEL_SCHEMA)]

    @server.call_tool(validate_input=False)
    async def call_tool(name, arguments):
        error = low_level_handler(arguments)
        if error:
            raise ValueError(error)
        return [types.TextContent(type="text", text="ok")]

    return guard_server(server) if guarded else server


DATED_SCHEMA = {"type": "object", "required": ["at"], "properties": {
    "at": {"type": "string", "format": "date-time"}, "on": {"type": "string", "format": "date"},
    "user": {"type": "string", "pattern": r"^\w+$"}, "note_id": {"type": "string", "pattern": r"^n_\d+$"}}}


def validating_low_level(guarded: bool):
    """A low-level server that validates input itself (the default): with the jsonschema package."""
    server = Server("docs")

    @server.list_tools()
    async def list_tools():
        return [types.Tool(name="schedule", inputSchema=DATED_SCHEMA)]

    @server.call_tool()
    async def call_tool(name, arguments):
        RECEIVED.append(dict(arguments))
        return [types.TextContent(type="text", text="ok")]

    return guard_server(server) if guarded else server


def runner(make, guarded: bool, name: str = "search"):
    server = make(guarded)

    def run(call):
        async def go():
            async with create_connected_server_and_client_session(server) as session:
                return await session.call_tool(name, call)
        RECEIVED.clear()
        result = anyio.run(go)
        return answer(result.isError, result.content[0].text)
    return run


def direct_call() -> Any:
    """FastMCP's own ``call_tool``, outside any request (as a tool's unit tests call it), on a guarded
    server: what the tool received for a call with a lax number, or what was raised."""
    server = FastMCP("docs")
    guard_server(server)
    server.tool()(search)
    RECEIVED.clear()
    try:
        anyio.run(server.call_tool, "search", {"query": "q", "limit": "5"})
    except Exception as exc:  # noqa: BLE001 - the failure is what is reported
        return f"raised {type(exc).__name__}: {exc}"
    return RECEIVED[-1] if RECEIVED else None


report({"direct": direct_call()} | {label: scenario(lambda guarded: runner(make, guarded))
        for label, make in (("FastMCP", function_server), ("Server", low_level))}
       | {"dated": dated(lambda guarded: runner(lambda g: function_server(g, schedule), guarded, "schedule")),
          "dated_low_level": dated(lambda guarded: runner(validating_low_level, guarded, "schedule")),
          "strict_types": strict(lambda guarded: runner(lambda g: function_server(g, deploy), guarded, "deploy")),
          "aliased": aliased(lambda guarded: runner(lambda g: function_server(g, invite), guarded, "invite"))})
