"""Standalone fastmcp: a server with BoundaryMiddleware, its tool added after the middleware (the
server lax, as by default, and with ``strict_input_validation``); the tool served from a mounted
server, made by ``Tool.from_tool``, and in two versions."""

import anyio
from loop_common import (RECEIVED, aliased, answer, compare, dated, deploy, invite, report, scenario, schedule, search,
                         strict)

from fastmcp import Client, FastMCP
from fastmcp.tools import Tool
from fastmcp.tools.tool_transform import ArgTransform

from schema_lint.boundary.fastmcp_adapter import BoundaryMiddleware


def serving(server, name, **options):
    def run(call):
        async def go():
            async with Client(server) as client:
                return await client.call_tool(name, call, raise_on_error=False, **options)
        RECEIVED.clear()
        result = anyio.run(go)
        return answer(result.is_error, result.content[0].text)
    return run


def runner(guarded: bool, tool=search, strict: bool = False):
    server = FastMCP("docs", strict_input_validation=strict)
    if guarded:
        server.add_middleware(BoundaryMiddleware())
    server.tool(tool)
    return serving(server, tool.__name__)


def mounted(guarded: bool):
    """The tool on a server mounted in the guarded one: the mounted server's function validates it."""
    parent, child = FastMCP("parent"), FastMCP("child")
    if guarded:
        parent.add_middleware(BoundaryMiddleware())
    child.tool(search)
    parent.mount(child, namespace="kid")
    return serving(parent, "kid_search")


def transformed(guarded: bool, renamed: bool = False):
    """The tool made from another by ``Tool.from_tool``, which forwards the call to its parent."""
    server = FastMCP("docs")
    if guarded:
        server.add_middleware(BoundaryMiddleware())
    transforms = {"query": ArgTransform(name="q")} if renamed else {"limit": ArgTransform(description="How many.")}
    server.add_tool(Tool.from_tool(Tool.from_function(search), name="search", transform_args=transforms))
    return serving(server, "search")


def label_one(labels: str) -> str:
    RECEIVED.append({"labels": labels})
    return "labelled"


def label_many(labels: list[str]) -> str:
    RECEIVED.append({"labels": labels})
    return "labelled"


def versioned(guarded: bool):
    """Version 1 of `label` takes one string, version 2 a list: a call asking for version 1 is
    checked against version 1."""
    server = FastMCP("docs")
    if guarded:
        server.add_middleware(BoundaryMiddleware())
    server.tool(label_one, name="label", version="1")
    server.tool(label_many, name="label", version="2")
    return [serving(server, "label", version=version)({"labels": "x"})[0] for version in ("1", "2")]


def call_ids() -> list:
    """The call id each telemetry event names, for a wrapped call and a rejected one."""
    events = []

    class Sink:
        def emit(self, event, attributes):
            events.append(attributes.get("gen_ai.tool.call.id"))

    server = FastMCP("docs")
    server.add_middleware(BoundaryMiddleware(telemetry=Sink()))
    server.tool(search)
    for call in ({"query": "q", "tags": "a"}, {"limit": 3}):
        serving(server, "search")(call)
    return events


RENAMED = [{"q": "x"}, {"q": "x", "limit": "5"}, {"q": "x", "limit": 500}, {"query": "x"}, {"q": 5}]
report({**scenario(runner), "dated": dated(lambda guarded: runner(guarded, schedule)),
        "strict_types": strict(lambda guarded: runner(guarded, deploy)),
        "dated_strict": dated(lambda guarded: runner(guarded, schedule, strict=True)),
        "aliased": aliased(lambda guarded: runner(guarded, invite)),
        "mounted": scenario(mounted), "transformed": scenario(transformed),
        "renamed": {**compare(transformed(False, True), transformed(True, True), RENAMED),
                    "near_miss": transformed(True, True)({"q": "x", "tags": "a"})[0],
                    "refused": transformed(True, True)({"q": "x", "limit": "five"})[1]},
        "versioned": versioned(True), "call_ids": call_ids()})
