"""Standalone fastmcp: a server with BoundaryMiddleware, its tool added after the middleware."""

import anyio
from loop_common import BROKEN, NEAR_MISS, RECEIVED, compare, model_loop, report, search

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
        if result.is_error or not RECEIVED:
            return None, result.content[0].text
        return RECEIVED[-1], None
    return run


guarded = runner(True)
report({**compare(runner(False), guarded), "near_miss": guarded(NEAR_MISS)[0], "loop": model_loop(guarded, BROKEN)})
