"""The MCP adapter, end to end with the official SDK's in-process client and servers."""

from __future__ import annotations

import json
from types import SimpleNamespace

import anyio
import pytest

mcp = pytest.importorskip("mcp")

import mcp.types as types  # noqa: E402
from mcp import Client  # noqa: E402
from mcp.client._memory import InMemoryTransport  # noqa: E402
from mcp.server import Server  # noqa: E402
from mcp.shared.exceptions import MCPError  # noqa: E402
from mcp.shared.jsonrpc_dispatcher import JSONRPCDispatcher  # noqa: E402
from mcp.types import INVALID_PARAMS  # noqa: E402
from mcp.server.mcpserver import MCPServer  # noqa: E402

from schema_lint.boundary.mcp_adapter import BoundaryMiddleware, boundaries_from_tools, guard_server  # noqa: E402

SEARCH = types.Tool(
    name="search_docs",
    input_schema={"type": "object",
                  "properties": {"query": {"type": "string"},
                                 "data_source_names": {"type": "array", "items": {"type": "string"}}},
                  "required": ["query", "data_source_names"], "additionalProperties": False},
    annotations=types.ToolAnnotations(read_only_hint=True),
)


def low_level_server(received: list, tool: types.Tool = SEARCH) -> Server:
    async def list_tools(ctx, params):
        return types.ListToolsResult(tools=[tool])

    async def call_tool(ctx, params):
        received.append(params.arguments)
        return types.CallToolResult(content=[types.TextContent(type="text", text="found 3 pages")])

    server = Server("docs", on_list_tools=list_tools, on_call_tool=call_tool)
    server.middleware.append(BoundaryMiddleware(boundaries_from_tools([tool])))
    return server


async def call(server, name, arguments, mode):
    async with Client(server, mode=mode) as client:
        return await client.call_tool(name, arguments)


@pytest.mark.parametrize("mode", ["auto", "legacy"])
def test_near_miss_reaches_the_handler_canonicalized(mode):
    received = []
    result = anyio.run(call, low_level_server(received), "search_docs",
                       {"query": "basket", "data_source_names": "dotnet/eshop"}, mode)
    assert not result.is_error and result.content[0].text == "found 3 pages"
    assert received == [{"query": "basket", "data_source_names": ["dotnet/eshop"]}]


@pytest.mark.parametrize("mode", ["auto", "legacy"])
def test_broken_call_returns_the_envelope_as_an_error_result(mode):
    received = []
    result = anyio.run(call, low_level_server(received), "search_docs", {"data_source_names": [], "top": 3}, mode)
    assert result.is_error and received == []
    envelope = json.loads(result.content[0].text)
    assert envelope["ok"] is False and envelope["retryable"] is True
    assert [(e["path"], e["reason"]) for e in envelope["error"]["errors"]] == [
        ("$.query", "required"), ("$.top", "additionalProperties")]


def test_tools_without_a_boundary_pass_through():
    received = []
    server = low_level_server(received)
    server.middleware[-1] = BoundaryMiddleware({})
    result = anyio.run(call, server, "search_docs", {"data_source_names": "x"}, "auto")
    assert not result.is_error and received == [{"data_source_names": "x"}]


def test_mcp_server_tools_from_type_hints():
    server = MCPServer("docs")

    @server.tool()
    def search_docs(query: str, data_source_names: list[str]) -> str:
        return f"{query} in {', '.join(data_source_names)}"

    async def scenario():
        server.middleware.append(BoundaryMiddleware(boundaries_from_tools(await server.list_tools())))
        async with Client(server) as client:
            good = await client.call_tool("search_docs", {"query": "q", "data_source_names": "dotnet/eshop"})
            bad = await client.call_tool("search_docs", {"data_source_names": ["a"]})
        return good, bad

    good, bad = anyio.run(scenario)
    assert not good.is_error and good.content[0].text == "q in dotnet/eshop"
    assert bad.is_error and json.loads(bad.content[0].text)["error"]["errors"][0]["path"] == "$.query"


def test_side_effects_follow_annotations_then_the_verb():
    write = types.Tool(name="fetch_page", input_schema={"type": "object"},
                       annotations=types.ToolAnnotations(read_only_hint=False, destructive_hint=False))
    # A destroying verb is not overruled by a hint that it destroys nothing (SL502).
    contradicted = types.Tool(name="delete_page", input_schema={"type": "object"},
                              annotations=types.ToolAnnotations(read_only_hint=False, destructive_hint=False))
    unannotated = types.Tool(name="list_pages", input_schema={"type": "object"})
    # The linter classes a tool nothing classes as read; the boundary, which retries read tools
    # after a failure, must not: a retry of an unknown tool is the costly guess.
    unknown = types.Tool(name="browser_tabs", input_schema={"type": "object"})
    boundaries = boundaries_from_tools([SEARCH, write, contradicted, unannotated, unknown], mode="observe")
    assert {name: b.side_effects for name, b in boundaries.items()} == {
        "search_docs": "read", "fetch_page": "write", "delete_page": "destructive", "list_pages": "read",
        "browser_tabs": "write"}
    assert all(b.mode == "observe" for b in boundaries.values())


async def raw_call(server, params, mode):
    """A ``tools/call`` sent as the client wrote it, past the SDK client's own type checks."""
    async with Client(server, mode=mode) as client:
        try:
            return await client.session._dispatcher.send_raw_request("tools/call", params, {})
        except MCPError as error:
            return error.error.code


def without_boundary(server: Server) -> Server:
    server.middleware.pop()
    return server


@pytest.mark.hostile
@pytest.mark.parametrize("mode", ["auto", "legacy"])
@pytest.mark.parametrize("arguments", ['{"query": "q", "data_source_names": ["a"]}', ["q"], 5])
def test_arguments_that_are_not_an_object_get_the_sdks_protocol_error(arguments, mode):
    received = []
    params = {"name": "search_docs", "arguments": arguments}
    answer = anyio.run(raw_call, low_level_server(received), params, mode)
    assert answer == anyio.run(raw_call, without_boundary(low_level_server([])), params, mode) == INVALID_PARAMS
    assert received == []  # the JSON string is not decoded into a call that runs


OPTIONAL = types.Tool(name="list_pages", input_schema={"type": "object", "properties": {"limit": {"type": "integer"}}})


def test_a_call_without_arguments_reaches_the_handler_unchanged():
    received = []
    answer = anyio.run(raw_call, low_level_server(received, OPTIONAL), {"name": "list_pages"}, "legacy")
    assert answer["isError"] is False and received == [None]


async def before_initialize(server, arguments):
    """A ``tools/call`` on a connection that never sent ``initialize``."""
    async def on_request(*_):
        raise AssertionError("the server sent a request")

    async def on_notify(*_):
        return None

    async with InMemoryTransport(server) as (read, write):
        dispatcher = JSONRPCDispatcher(read, write)
        async with anyio.create_task_group() as group:
            await group.start(dispatcher.run, on_request, on_notify)
            try:
                return await dispatcher.send_raw_request(
                    "tools/call", {"name": "search_docs", "arguments": arguments}, {})
            except MCPError as error:
                return error.error.code
            finally:
                group.cancel_scope.cancel()


@pytest.mark.hostile
@pytest.mark.parametrize("arguments", [{"query": 1}, {"query": "q", "data_source_names": "a"}])
def test_a_call_before_initialize_gets_the_sdks_error_not_an_envelope(arguments):
    received = []
    assert anyio.run(before_initialize, low_level_server(received), arguments) == INVALID_PARAMS
    assert anyio.run(before_initialize, without_boundary(low_level_server([])), arguments) == INVALID_PARAMS
    assert received == []


@pytest.mark.hostile
def test_a_business_check_that_raises_becomes_a_generic_error_with_the_call_id(caplog):
    def secret_lookup(arguments):
        raise RuntimeError("relation \"billing_accounts\" does not exist; token=sk-live-123")

    received = []
    server = low_level_server(received)
    server.middleware[-1] = BoundaryMiddleware(boundaries_from_tools([SEARCH], business_checks=[secret_lookup]))
    result = anyio.run(call, server, "search_docs", {"query": "q", "data_source_names": ["a"]}, "legacy")
    text = result.content[0].text
    assert result.is_error and received == []
    assert "billing_accounts" not in text and "sk-live" not in text and "RuntimeError" not in text
    envelope = json.loads(text)
    assert envelope["error"]["code"] == "INTERNAL" and envelope["retryable"] is False
    assert "reference: call " in envelope["error"]["errors"][0]["repair"]
    assert "billing_accounts" in caplog.text  # the operator still sees what went wrong


@pytest.mark.hostile
@pytest.mark.parametrize("mode", ["auto", "legacy"])
@pytest.mark.parametrize("name", [["search_docs"], {"name": "search_docs"}])
def test_a_name_that_is_not_a_string_gets_the_sdks_protocol_error(name, mode):
    received = []
    params = {"name": name, "arguments": {"query": "q", "data_source_names": ["a"]}}
    answer = anyio.run(raw_call, low_level_server(received), params, mode)
    assert answer == anyio.run(raw_call, without_boundary(low_level_server([])), params, mode) == INVALID_PARAMS
    assert received == []


class OutsideARequest:
    """What a 1.x ``FastMCP.call_tool`` hands its tool manager when called directly, outside a request
    (as a tool's unit tests call it): a ``Context`` whose ``request_id`` property raises ``ValueError``."""

    @property
    def request_id(self):
        raise ValueError("Context is not available outside of a request")


def test_a_1x_tool_manager_called_outside_a_request_still_runs_the_call():
    received = []

    class ToolManager:  # a 1.x FastMCP's, reduced to what the adapter uses
        def get_tool(self, name):
            return SimpleNamespace(name=name, parameters=SEARCH.input_schema, annotations=None)

        async def call_tool(self, name, arguments, context=None, convert_result=False):
            received.append(arguments)
            return "found 3 pages"

    server = guard_server(SimpleNamespace(_tool_manager=ToolManager()))

    async def call():
        return await server._tool_manager.call_tool("search_docs", {"query": "q", "data_source_names": "a"},
                                                    context=OutsideARequest(), convert_result=True)

    assert anyio.run(call) == "found 3 pages"
    assert received == [{"query": "q", "data_source_names": ["a"]}]
