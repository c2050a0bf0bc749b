"""Standalone fastmcp: a server with BoundaryMiddleware, its tool added after the middleware."""

import anyio
from loop_common import RECEIVED, answer, report, scenario, search

from fastmcp import Client, FastMCP

from schema_lint.boundary.fastmcp_adapter import BoundaryMiddleware


def runner(guarded: bool):
    server = FastMCP("docs")
    if guarded:
        server.add_middleware(BoundaryMiddleware())
    server.tool(search)

    def run(call):
        async def go():
            async with Client(server) as client:
                return await client.call_tool("search", call, raise_on_error=False)
        RECEIVED.clear()
        result = anyio.run(go)
        return answer(result.is_error, result.content[0].text)
    return run


report(scenario(runner))
