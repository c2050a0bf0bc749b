"""Standalone fastmcp: a server with BoundaryMiddleware, its tool added after the middleware (the
server lax, as by default, and with ``strict_input_validation``)."""

import anyio
from loop_common import RECEIVED, aliased, answer, dated, deploy, invite, report, scenario, schedule, search, strict

from fastmcp import Client, FastMCP

from schema_lint.boundary.fastmcp_adapter import BoundaryMiddleware


def runner(guarded: bool, tool=search, strict: bool = False):
    server = FastMCP("docs", strict_input_validation=strict)
    if guarded:
        server.add_middleware(BoundaryMiddleware())
    server.tool(tool)

    def run(call):
        async def go():
            async with Client(server) as client:
                return await client.call_tool(tool.__name__, call, raise_on_error=False)
        RECEIVED.clear()
        result = anyio.run(go)
        return answer(result.is_error, result.content[0].text)
    return run


report({**scenario(runner), "dated": dated(lambda guarded: runner(guarded, schedule)),
        "strict_types": strict(lambda guarded: runner(guarded, deploy)),
        "dated_strict": dated(lambda guarded: runner(guarded, schedule, strict=True)),
        "aliased": aliased(lambda guarded: runner(guarded, invite))})
