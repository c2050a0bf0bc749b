"""Put the boundary in front of a standalone ``fastmcp`` server's tools (extra ``schema-lint[fastmcp]``).

fastmcp's own extension point is its middleware, whose ``on_call_tool`` sees every tool
call before the tool validates its arguments; tools added after the middleware are
guarded too, each boundary built at the tool's first call::

    server = FastMCP("docs")
    server.add_middleware(BoundaryMiddleware())

A rejected call returns a tool result with ``isError`` and the envelope as JSON text,
MCP's channel for an error the model can correct; a canonicalized call reaches the tool
with the repaired arguments. fastmcp validates a tool function's arguments with pydantic,
in lax mode unless the server sets ``strict_input_validation``, so the boundary makes the
lax mode's readings of numbers and booleans too, where the function's own validation takes
them (not for a ``StrictBool``, say: :mod:`~.judge`), and in either mode leaves dates, times
and patterns to pydantic (:class:`~.framework.Leniency`).
"""

from __future__ import annotations

import json
from typing import Any

from fastmcp.server.middleware import Middleware, MiddlewareContext
from fastmcp.tools.base import ToolResult
from mcp import types

from .framework import (PYDANTIC, PYDANTIC_STRICT, LazyBoundaries, Leniency, framework_boundary, request_id_of,
                        side_effects)
from .judge import Judge, arguments_validator, pydantic_judge, refuse_all
from .tool import ToolBoundary


class BoundaryMiddleware(Middleware):
    """Checks every ``tools/call`` against its tool's ``parameters``; ``options`` go to every
    :class:`ToolBoundary` (``policy``, ``mode`` …)."""

    def __init__(self, **options: Any):
        self._lax = LazyBoundaries(lambda name, tool: _boundary(tool, PYDANTIC, options))
        self._strict = LazyBoundaries(lambda name, tool: _boundary(tool, PYDANTIC_STRICT, options))

    async def on_call_tool(self, context: MiddlewareContext[Any], call_next: Any) -> Any:
        params = context.message
        server = context.fastmcp_context.fastmcp if context.fastmcp_context is not None else None
        tool = await _requested_tool(server, params) if server is not None else None
        if tool is None:
            return await call_next(context)
        tool, server = await _validating(tool, server)
        boundaries = self._strict if getattr(server, "strict_input_validation", False) else self._lax
        outcome = boundaries.get((params.name, getattr(tool, "version", None)), tool).check(
            dict(params.arguments or {}), call_id=request_id_of(context.fastmcp_context))
        if not outcome.proceed:
            text = json.dumps(outcome.envelope, ensure_ascii=False)
            return ToolResult(content=[types.TextContent(type="text", text=text)], is_error=True)
        if outcome.repairs:
            context = context.copy(message=params.model_copy(update={"arguments": outcome.arguments}))
        return await call_next(context)


async def _requested_tool(server: Any, params: Any) -> Any:
    """The tool the call names, in the version it asks for (fastmcp's `_meta.fastmcp.version`,
    as its `Client.call_tool(..., version=)` sends it); without one, the highest, as fastmcp
    runs it."""
    requested = ((getattr(params, "meta", None) or {}).get("fastmcp") or {}).get("version")
    if requested is None:
        return await server.get_tool(params.name)
    try:
        from fastmcp.utilities.versions import VersionSpec

        spec = VersionSpec(eq=requested) if isinstance(requested, str) else VersionSpec(**requested)
        return await server.get_tool(params.name, version=spec)
    except Exception:  # noqa: BLE001 - a version this fastmcp cannot read: it refuses the call itself
        return None


async def _validating(tool: Any, server: Any) -> tuple[Any, Any]:
    """The tool that validates the call, and its server: a mounted server's tool hands the call
    to that server's own tool (private names of fastmcp's provider tool, read where present;
    otherwise the mounted tool, which gets no framework repair)."""
    for _ in range(16):  # servers mounted in servers
        inner_server, name = getattr(tool, "_server", None), getattr(tool, "_original_name", None)
        if inner_server is None or not isinstance(name, str):
            break
        try:
            inner = await inner_server.get_tool(name)
        except Exception:  # noqa: BLE001 - fastmcp's internals: judged as a tool out of reach
            break
        if inner is None:
            break
        tool, server = inner, inner_server
    return tool, server


def _boundary(tool: Any, leniency: Leniency, options: dict[str, Any]) -> ToolBoundary:
    definition = tool.to_mcp_tool().model_dump(by_alias=True, exclude_none=True)
    return framework_boundary(tool.parameters, tool.name, leniency, judge=_judge(tool),
                              **{"side_effects": side_effects(tool.name, tool.parameters, definition), **options})


def _judge(tool: Any) -> Judge:
    """fastmcp's validation of a function tool's arguments (its function's ``TypeAdapter``, the
    parameters it injects left out), without running it; a transformed tool's, its parent's
    under the parent's names (`_transformed_judge`); a tool of another kind is not judged."""
    if getattr(tool, "parent_tool", None) is not None:
        return _transformed_judge(tool)
    fn = getattr(tool, "fn", None)
    if not callable(fn):
        return refuse_all
    try:
        from fastmcp.server.dependencies import without_injected_parameters
        from fastmcp.utilities.types import get_cached_typeadapter

        validate = arguments_validator(get_cached_typeadapter(without_injected_parameters(fn)))
    except Exception:  # noqa: BLE001 - another fastmcp's internals: no framework repair rather than a wrong one
        return refuse_all
    return refuse_all if validate is None else pydantic_judge(validate)


def _transformed_judge(tool: Any) -> Judge:
    """A tool made by ``Tool.from_tool`` forwards the call to its parent under the parent's argument
    names, and the parent validates it: its own function takes any keywords, so asking it would
    consent to every call. Judged by the parent's validation, each location named back; a tool
    with a function of its own or a changed argument type, which the parent's model does not
    describe, is not judged."""
    transforms = getattr(tool, "transform_args", None) or {}
    if getattr(tool, "fn", None) is not getattr(tool, "forwarding_fn", None) or \
            any(_is_set(getattr(transform, "type", ...)) for transform in transforms.values()):
        return refuse_all
    parent = _judge(tool.parent_tool)
    to_parent: dict[str, str] = {}
    hidden: dict[str, Any] = {}  # a hidden argument's constant, which the forwarding function sends
    for old, transform in transforms.items():
        name, default = getattr(transform, "name", None), getattr(transform, "default", ...)
        if getattr(transform, "hide", False):
            if _is_set(default):
                hidden[old] = default
        elif isinstance(name, str):
            to_parent[name] = old
    to_tool = {old: new for new, old in to_parent.items()}

    def judge(arguments: Any) -> list:
        if not isinstance(arguments, dict) or set(arguments) - set(tool.parameters.get("properties", {})):
            return [()]  # the forwarding function refuses a name the tool does not list
        refused = parent({**{to_parent.get(key, key): value for key, value in arguments.items()}, **hidden})
        return [(to_tool.get(at[0], at[0]), *at[1:]) if at else at for at in refused]

    return judge


def _is_set(value: Any) -> bool:
    """Whether an ``ArgTransform`` field was given: fastmcp's ``NotSet``, for one left out, is
    ``...``; ``None`` is a value given (a hidden argument's default of ``None``)."""
    return value is not Ellipsis
