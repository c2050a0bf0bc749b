"""What each MCP specification version asks of a tool definition.

Both versions: `inputSchema` has `type: "object"` at its root, and tool names SHOULD be
1–128 characters of `A-Z a-z 0-9 _ - .` (a SHOULD, so `discouraged`, a warning: conforming
clients take other names, some model APIs behind them do not). 2025-11-25 restricts
`outputSchema` to an object root too; 2026-07-28 lets structured content be any JSON value,
and adds `x-mcp-header`, whose violations make a Streamable HTTP client leave the tool out
of `tools/list`. Uniqueness of names within a server counts across the server's tools and
is in `request_limits`. 2026-07-28's rules for `$ref` were not found in its text beyond
"Follows the JSON Schema usage guidelines", so they are not checked.
"""

from __future__ import annotations

from collections.abc import Iterator

from schema_lint.text.lazy_pattern import lazy_compile
from schema_lint.schema.pointer import join
from schema_lint.profiles import MCP_2025_11_25, MCP_2026_07_28
from schema_lint.profiles.checks.problem import Problem
from schema_lint.profiles.sources import source
from schema_lint.rule import ToolContext
from schema_lint.schema.walk import SchemaNode, label, walk

NAME = lazy_compile(r"[A-Za-z0-9_.-]{1,128}")
# RFC 9110 `tchar`: "!" / "#" / "$" / "%" / "&" / "'" / "*" / "+" / "-" / "." / "^" / "_" / "`" / "|" / "~" / DIGIT / ALPHA
HTTP_TOKEN = lazy_compile(r"[!#$%&'*+\-.^_`|~0-9A-Za-z]+")
HEADER = "x-mcp-header"
HEADER_TYPES = frozenset({"integer", "string", "boolean"})


def check_2025_11_25(ctx: ToolContext) -> Iterator[Problem]:
    yield from _common(ctx, MCP_2025_11_25, "mcp-2025-11-25/root", "mcp-2025-11-25/tool-name")
    output = ctx.tool.definition.get("outputSchema")
    if "outputSchema" in ctx.tool.definition and not (isinstance(output, dict) and _is_object(output)):
        yield Problem(source("mcp-2025-11-25/output-root"), join(ctx.definition_pointer, "outputSchema"),
                      f"{MCP_2025_11_25}: `outputSchema` must have `\"type\": \"object\"` at its root")


def check_2026_07_28(ctx: ToolContext) -> Iterator[Problem]:
    yield from _common(ctx, MCP_2026_07_28, "mcp-2026-07-28/root", "mcp-2026-07-28/tool-name")
    yield from _headers(ctx)


def _common(ctx: ToolContext, version: str, root: str, tool_name: str) -> Iterator[Problem]:
    if not (isinstance(ctx.tool.schema, dict) and _is_object(ctx.tool.schema)):
        yield Problem(source(root), ctx.tool.schema_pointer,
                      f"{version}: `inputSchema` must have `\"type\": \"object\"` at its root")
    name = ctx.tool.definition.get("name")
    if isinstance(name, str) and not NAME.fullmatch(name):
        yield Problem(source(tool_name), join(ctx.definition_pointer, "name"),
                      f"{version}: tool name `{name}` should be 1–128 characters of letters, digits, `_`, `-` and `.`")


def _is_object(schema: dict) -> bool:
    declared = schema.get("type")
    return declared in ("object", ["object"])


def _headers(ctx: ToolContext) -> Iterator[Problem]:
    """Every `x-mcp-header`, wherever it is, against the four constraints."""
    seen: dict[str, str] = {}
    for node in walk(ctx.tool.schema, ctx.tool.schema_pointer):
        if not isinstance(node.schema, dict) or HEADER not in node.schema:
            continue
        value, at = node.schema[HEADER], join(node.pointer, HEADER)
        where = f"`{label(node)}`"
        if not isinstance(value, str) or not HTTP_TOKEN.fullmatch(value):
            yield _header("mcp-2026-07-28/header-token", at,
                          f"{HEADER} of {where} must be a non-empty HTTP token (no spaces, `:`, CR or LF); "
                          f"it is {value!r}")
        elif value.lower() in seen:
            yield _header("mcp-2026-07-28/header-unique", at,
                          f"{HEADER} `{value}` of {where} repeats `{seen[value.lower()]}` (header names are compared "
                          "without case)")
        else:
            seen[value.lower()] = value
        kinds = node.types - {"null"}
        if not kinds or not kinds <= HEADER_TYPES:
            yield _header("mcp-2026-07-28/header-type", at,
                          f"{HEADER} is on {where}, which is not an integer, string or boolean")
        if not _reachable(node, ctx.tool.schema_pointer):
            yield _header("mcp-2026-07-28/header-reachable", at,
                          f"{HEADER} is on {where}, which is not reached from the root through `properties` alone")


def _header(entry: str, pointer: str, message: str) -> Problem:
    return Problem(source(entry), pointer, f"{MCP_2026_07_28}: {message}")


def _reachable(node: SchemaNode, root: str) -> bool:
    """Every step from the root to ``node`` is a `properties` key."""
    current = node
    while current.parent is not None:
        if current.keyword != "properties":
            return False
        current = current.parent
    return current.pointer == root
