"""A Python object → the MCP tool definitions it stands for, and the Python definition
(function, model) of each, for `source`.

What is read, and through what:

- an `mcp` SDK server (`MCPServer`, FastMCP's successor, or a low-level `Server`): its own
  `tools/list`, answered in memory by the server running in this process (`live.fetch`),
  so the tools are exactly those a client would be served;
- a standalone `fastmcp` server: the tools its own listing method returns (`servers`);
- a Pydantic model class: `model_json_schema()`, as the arguments of a tool of its name;
- a function: the schema MCPServer would serve for it (with the `mcp` SDK installed), else
  the one pydantic derives from its signature (`TypeAdapter(fn).json_schema()`); but not
  a function annotated to return a server (a factory, see `servers`);
- function tools, duck-typed: pydantic-ai `Tool`s (`tool_def`) and `ToolDefinition`s
  (`parameters_json_schema`), openai-agents `FunctionTool`s (`params_json_schema`);
- a list or tuple of any of these but servers.

Anything else is a `TargetError` saying what the object is.
"""

from __future__ import annotations

import inspect
import json
from typing import Any

from schema_lint.python_tools.servers import is_sdk_server, listed_tools, returns_server, tool_lister
from schema_lint.python_tools.target import TargetError, describe

SUPPORTED = ("an MCP server (the mcp SDK's MCPServer or Server, or a fastmcp FastMCP), a Pydantic model class, "
             "a function, function tools, or a list of them")


def tools_of(value: Any, name: str, limits) -> tuple[list[dict[str, Any]], dict[str, object]]:
    """The tools `value` stands for (as `tools/list` would serve them), and the Python
    object each tool name was generated from."""
    if is_sdk_server(value):
        return _served(value, name, limits)
    lister = tool_lister(value)
    if lister is not None:
        return _json_only(*listed_tools(lister, limits.request))
    listed = isinstance(value, (list, tuple))
    tools, definitions = [], {}
    for index, item in enumerate(value if listed else [value]):
        where = f"item {index} of the list: " if listed else ""
        if inspect.isfunction(item) or inspect.ismethod(item):
            if returns_server(item):
                raise TargetError(f"{where}`{item.__name__}` returns an MCP server: point --python at the server "
                                  "object, or use --mcp")
            served, found = _function(item, name, limits)
            tools += served
            definitions.update(found)
            continue
        try:
            tool, definition = _one(item)
        except TargetError:
            raise
        except Exception as exc:  # user code: a schema generator, a property
            raise TargetError(f"{where}reading the schema of {_what(item)} raised {describe(exc)}") from None
        if tool is None:
            raise TargetError(f"{where}{_what(item)} is not {SUPPORTED}")
        tools.append(tool)
        definitions[tool["name"]] = definition
    return _json_only(tools, definitions)


def _json_only(tools: list[dict[str, Any]],
               definitions: dict[str, object]) -> tuple[list[dict[str, Any]], dict[str, object]]:
    """The tools as the JSON a server would send, which a generated schema may not be."""
    try:
        return json.loads(json.dumps(tools)), definitions
    except (TypeError, ValueError, RecursionError) as exc:  # a set, a cycle, nesting too deep
        raise TargetError(f"a schema it generates is not JSON: {describe(exc)}") from None


def _one(item: object) -> tuple[dict[str, Any] | None, object]:
    """`item` as a tool, when it is a model or a function tool; (None, None) when it is neither."""
    if isinstance(item, type) and callable(getattr(item, "model_json_schema", None)):
        schema = item.model_json_schema()  # type: ignore[attr-defined]  # a Pydantic model class, duck-typed
        return _tool(item.__name__, schema.get("description") if isinstance(schema, dict) else None, schema), item
    definition = getattr(item, "tool_def", None)  # pydantic-ai Tool
    if definition is not None and hasattr(definition, "parameters_json_schema"):
        return _tool_definition(definition), _function_of(item)
    if hasattr(item, "parameters_json_schema") and hasattr(item, "name"):  # pydantic-ai ToolDefinition
        return _tool_definition(item), None
    if hasattr(item, "params_json_schema") and hasattr(item, "name"):  # openai-agents FunctionTool
        tool = _tool(item.name, getattr(item, "description", None), item.params_json_schema)
        if getattr(item, "strict_json_schema", False) is True:
            tool["strict"] = True
        return tool, _function_of(item)
    return None, None


def _tool_definition(definition) -> dict[str, Any]:
    tool = _tool(definition.name, getattr(definition, "description", None), definition.parameters_json_schema)
    if getattr(definition, "strict", None) is True:
        tool["strict"] = True
    return tool


def _tool(name: object, description: object, schema: object) -> dict[str, Any]:
    if not isinstance(name, str):
        raise TargetError(f"a tool's name is {type(name).__name__}, not a string")
    tool = {"name": name, "inputSchema": schema}
    if isinstance(description, str):
        tool["description"] = description
    return tool


def _function_of(tool: object) -> object:
    """The user's function behind a function tool, where the tool keeps it."""
    for attribute in ("function", "fn", "func"):
        function = getattr(tool, attribute, None)
        if inspect.isfunction(function) or inspect.ismethod(function):
            return function
    return None


def _function(function, name: str, limits) -> tuple[list[dict[str, Any]], dict[str, object]]:
    try:
        from mcp.server.mcpserver import MCPServer
    except ImportError:
        return _pydantic_function(function)
    server = MCPServer(name)
    try:
        server.add_tool(function)
    except Exception as exc:
        raise TargetError(f"MCPServer cannot make a tool of `{function.__name__}`: {describe(exc)}") from None
    tools, _ = _served(server, name, limits)
    return tools, {tool["name"]: function for tool in tools}


def _pydantic_function(function) -> tuple[list[dict[str, Any]], dict[str, object]]:
    try:
        from pydantic import TypeAdapter
    except ImportError:
        raise TargetError("a function's schema needs the mcp SDK or pydantic: install schema-lint with its "
                          "`mcp` extra") from None
    try:
        schema = TypeAdapter(function).json_schema()
    except Exception as exc:
        raise TargetError(f"pydantic cannot describe `{function.__name__}`: {describe(exc)}") from None
    return [_tool(function.__name__, inspect.getdoc(function), schema)], {function.__name__: function}


def _served(server: object, name: str, limits) -> tuple[list[dict[str, Any]], dict[str, object]]:
    from schema_lint.live.fetch import FetchError, fetch_tools
    from schema_lint.config.servers import Server

    try:
        tools = fetch_tools(Server(name, instance=server), limits)
    except FetchError as exc:
        raise TargetError(f"its MCP server, asked in process: {exc}") from None
    manager = getattr(server, "_tool_manager", None)  # MCPServer keeps each tool's function there
    get_tool = getattr(manager, "get_tool", None)
    definitions = {}
    for tool in tools:
        registered = get_tool(tool["name"]) if callable(get_tool) else None
        definitions[tool["name"]] = getattr(registered, "fn", None)
    return tools, definitions


def _what(item: object) -> str:
    if isinstance(item, type):
        return f"the class `{item.__name__}`"
    return f"an object of type `{type(item).__name__}`"
