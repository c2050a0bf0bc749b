"""MCP SDK 2.x: an MCPServer (tool functions) and a low-level Server, guarded by guard_server."""

import anyio
from loop_common import (LOW_LEVEL_SCHEMA, RECEIVED, aliased, answer, dated, deploy, invite, low_level_handler, report,
                         scenario, schedule, search, strict)

import mcp.types as types
from mcp import Client
from mcp.server import Server
from mcp.server.mcpserver import MCPServer

from schema_lint.boundary.mcp_adapter import guard_server


def function_server(guarded: bool, tool=search) -> MCPServer:
    server = MCPServer("docs")
    if guarded:
        guard_server(server)
    server.tool()(tool)  # registered after the adapter: guarded all the same
    return server


def low_level(guarded: bool) -> Server:
    async def list_tools(ctx, params):
        return types.ListToolsResult(tools=[types.Tool(name="search", input_schema=LOW_LEVEL_SCHEMA)])

    async def call_tool(ctx, params):
        error = low_level_handler(params.arguments or {})
        return types.CallToolResult(content=[types.TextContent(type="text", text=error or "ok")],
                                    is_error=error is not None)

    server = Server("docs", on_list_tools=list_tools, on_call_tool=call_tool)
    return guard_server(server) if guarded else server


def runner(make, guarded: bool, name: str = "search"):
    server = make(guarded)

    def run(call):
        async def go():
            async with Client(server) as client:
                return await client.call_tool(name, call)
        RECEIVED.clear()
        result = anyio.run(go)
        return answer(result.is_error, result.content[0].text)
    return run


report({label: scenario(lambda guarded: runner(make, guarded))
        for label, make in (("MCPServer", function_server), ("Server", low_level))}
       | {"dated": dated(lambda guarded: runner(lambda g: function_server(g, schedule), guarded, "schedule")),
          "strict_types": strict(lambda guarded: runner(lambda g: function_server(g, deploy), guarded, "deploy")),
          "aliased": aliased(lambda guarded: runner(lambda g: function_server(g, invite), guarded, "invite"))})
