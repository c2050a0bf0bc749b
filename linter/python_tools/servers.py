"""Which Python objects are MCP servers, read through their own tool listing rather than as tools.

- `mcp` SDK servers (`MCPServer`, a low-level `Server`): asked over memory streams (`live.fetch`),
  which `tools` does;
- standalone `fastmcp` servers (`fastmcp.FastMCP`, 2.x and later), duck-typed so that no
  dependency is added: an async `list_tools()` (3.x) or `get_tools()` (2.x) that takes no
  argument and returns tool objects, each turned into an MCP tool by its `to_mcp_tool()`
  or, without one, by its `name`, `description` and `parameters`;
- a function whose return annotation is one of those classes is a server *factory*, not a
  tool: linting it as a tool named `create_server` would pass while reading nothing, and
  calling it would run the user's start-up code, so it is refused with a pointer to the
  server object or `--mcp`.
"""

from __future__ import annotations

import asyncio
import inspect
import sys
import typing
from collections.abc import Callable
from typing import Any

from schema_lint.python_tools.target import TargetError, describe

# The server classes by name, of the packages that define them.
_SERVER_CLASSES = frozenset({"MCPServer", "FastMCP", "Server"})
_SERVER_PACKAGES = frozenset({"mcp", "fastmcp"})
# The methods of a fastmcp server that list its tools, newest API first.
_LISTERS = ("list_tools", "get_tools")


def is_sdk_server(value: object) -> bool:
    """Whether `value` is an `mcp` SDK server; a module that made one imported the SDK already."""
    kinds = [getattr(sys.modules.get(module), kind, None)
             for module, kind in (("mcp.server.mcpserver", "MCPServer"), ("mcp.server.lowlevel", "Server"))]
    return any(isinstance(kind, type) and isinstance(value, kind) for kind in kinds)


def returns_server(function: Callable[..., Any]) -> bool:
    """Whether `function`'s return annotation says it makes an MCP server."""
    try:
        annotation = typing.get_type_hints(function).get("return")
    except Exception:  # a name only imported under TYPE_CHECKING: the annotation as written
        try:
            annotation = inspect.signature(function).return_annotation
        except (TypeError, ValueError):
            return False
    return _names_server(annotation)


def _names_server(annotation: object) -> bool:
    if isinstance(annotation, str):  # unresolved: only names no tool's return type would have
        module, _, name = annotation.rpartition(".")
        return name in ("MCPServer", "FastMCP") or (name == "Server" and "mcp" in module)
    if isinstance(annotation, type):
        return any(kind.__name__ in _SERVER_CLASSES and kind.__module__.split(".")[0] in _SERVER_PACKAGES
                   for kind in annotation.__mro__)
    return any(_names_server(argument) for argument in typing.get_args(annotation))  # Optional[...], Awaitable[...]


def tool_lister(value: object):
    """The bound method that lists a fastmcp-style server's tools, or None when `value` has none."""
    if isinstance(value, type) or inspect.isroutine(value) or inspect.ismodule(value):
        return None
    for name in _LISTERS:
        if not inspect.iscoroutinefunction(getattr(type(value), name, None)):
            continue
        method = getattr(value, name)
        try:
            inspect.signature(method).bind()
        except (TypeError, ValueError):
            continue  # it needs arguments (a pydantic-ai toolset's get_tools(ctx)): not a server's
        return method
    return None


def listed_tools(lister, seconds: float) -> tuple[list[dict[str, Any]], dict[str, object]]:
    """The tools `lister()` returns as MCP tools, and the function behind each where it keeps one."""
    try:
        listed = asyncio.run(asyncio.wait_for(lister(), seconds))
    except asyncio.TimeoutError:
        raise TargetError(f"its `{lister.__name__}()` did not return within {seconds:g} s") from None
    except Exception as exc:
        raise TargetError(f"its `{lister.__name__}()` raised {describe(exc)}") from None
    items = list(listed.values()) if isinstance(listed, dict) else listed
    if not isinstance(items, (list, tuple)):
        raise TargetError(f"its `{lister.__name__}()` returned {type(listed).__name__}, not tools")
    tools, definitions = [], {}
    for item in items:
        if getattr(item, "enabled", True) is False:
            continue  # a disabled tool is not served
        try:
            tool = _mcp_tool(item)
        except TargetError:
            raise
        except Exception as exc:
            raise TargetError(f"reading the tool {getattr(item, 'name', item)!r} raised {describe(exc)}") from None
        tools.append(tool)
        definitions[tool["name"]] = getattr(item, "fn", None)
    return tools, definitions


def _mcp_tool(item: object) -> dict[str, Any]:
    """`item` as `tools/list` serves it: its own `to_mcp_tool()`, else its attributes."""
    convert = getattr(item, "to_mcp_tool", None)
    if callable(convert):
        converted = convert()
        dump = getattr(converted, "model_dump", None)
        data = dump(mode="json", by_alias=True, exclude_none=True) if callable(dump) else converted
        if isinstance(data, dict) and isinstance(data.get("name"), str):
            return data
    name = getattr(item, "name", None)
    if not isinstance(name, str):
        raise TargetError(f"a tool it lists ({type(item).__name__}) has no name")
    tool: dict[str, Any] = {"name": name, "inputSchema": getattr(item, "parameters", None)}
    for key, attribute in (("description", "description"), ("outputSchema", "output_schema"),
                           ("annotations", "annotations")):
        value = getattr(item, attribute, None)
        dump = getattr(value, "model_dump", None)
        value = dump(mode="json", by_alias=True, exclude_none=True) if callable(dump) else value
        if value is not None:
            tool[key] = value
    return tool
