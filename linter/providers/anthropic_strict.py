"""What Anthropic's strict tool use (`"strict": true`) refuses in a tool's `input_schema`.

Source: Claude platform docs, Structured outputs, "JSON Schema limitations" (which strict
tool use shares): recursive schemas and external `$ref`s are not supported;
`additionalProperties` may only be `false`; string `format` is one of date-time, time,
date, duration, email, hostname, uri, ipv4, ipv6, uuid; numeric bounds (`minimum`,
`maximum`, `multipleOf`), string lengths and array bounds beyond `minItems` 0 or 1 are not
enforced, and the SDKs move them into the description. The API refuses a request whose
strict schemas hold more than 16 parameters with union types ("Schemas contains too many
parameters with union types (N parameters with type arrays or anyOf) which exceeds the
limit: 16") or more than 24 optional parameters.
"""

from __future__ import annotations

from collections.abc import Iterator
from urllib.parse import unquote

from schema_lint.model import Severity
from schema_lint.pointer import join, split
from schema_lint.providers import ANTHROPIC_NOT_ENFORCED
from schema_lint.rule import Finding, ToolContext
from schema_lint.schema_walk import SchemaNode, label

PROFILE = "anthropic-strict"
FORMATS = frozenset({"date-time", "time", "date", "duration", "email", "hostname", "uri", "ipv4", "ipv6", "uuid"})
MAX_UNION_PARAMETERS = 16
MAX_OPTIONAL_PARAMETERS = 24


def check(ctx: ToolContext) -> Iterator[Finding]:
    unions = 0
    optional = 0
    for node in ctx.walk():
        yield from _node(node)
        unions += _is_union(node)
        if node.is_property and not node.required:
            optional += 1
    root = ctx.tool.schema_pointer
    if unions > MAX_UNION_PARAMETERS:
        yield Finding(root, f"{PROFILE}: {unions} parameters with union types (type arrays or anyOf); "
                      f"the limit is {MAX_UNION_PARAMETERS}")
    if optional > MAX_OPTIONAL_PARAMETERS:
        yield Finding(root, f"{PROFILE}: {optional} optional parameters; the limit is {MAX_OPTIONAL_PARAMETERS}")
    yield from _refs(ctx)


def _node(node: SchemaNode) -> Iterator[Finding]:
    if not isinstance(node.schema, dict):
        return
    fmt = node.get("format")
    if isinstance(fmt, str) and fmt not in FORMATS:
        yield Finding(join(node.pointer, "format"),
                      f"{PROFILE}: format `{fmt}` is not supported (supported: {', '.join(sorted(FORMATS))})")
    extra = node.get("additionalProperties")
    if "additionalProperties" in node.schema and extra is not False:
        yield Finding(join(node.pointer, "additionalProperties"),
                      f"{PROFILE}: `additionalProperties` may only be `false` on `{label(node)}`")
    for keyword in node.schema:
        if keyword in ANTHROPIC_NOT_ENFORCED or (keyword == "minItems" and node.get("minItems") not in (0, 1)):
            yield Finding(join(node.pointer, keyword),
                          f"{PROFILE}: `{keyword}` is not enforced; it is moved into the description",
                          severity=Severity.INFO)


def _is_union(node: SchemaNode) -> bool:
    declared = node.get("type")
    return (isinstance(declared, list) and len(declared) > 1) or isinstance(node.get("anyOf"), list)


def _refs(ctx: ToolContext) -> Iterator[Finding]:
    """External references, and references that lead back into themselves (recursion)."""
    base = split(ctx.tool.schema_pointer)
    edges: list[tuple[SchemaNode, tuple[str, ...]]] = []
    for node in ctx.walk():
        ref = node.get("$ref")
        if not isinstance(ref, str):
            continue
        if not ref.startswith("#"):
            yield Finding(join(node.pointer, "$ref"), f"{PROFILE}: external reference `{ref}` is not supported")
            continue
        try:
            target = tuple(split(unquote(ref[1:])))
        except ValueError:
            continue
        edges.append((node, target))
    for node, target in edges:
        here = tuple(split(node.pointer)[len(base):])
        if _reaches(target, here, edges, base):
            yield Finding(join(node.pointer, "$ref"),
                          f"{PROFILE}: `{label(node)}` refers back into itself; recursive schemas are not supported")


def _reaches(start: tuple[str, ...], goal: tuple[str, ...], edges, base: list[str]) -> bool:
    """Whether the subschema at `start` is, or leads by references to, an ancestor of `goal`."""
    seen: set[tuple[str, ...]] = set()
    stack = [start]
    while stack:
        current = stack.pop()
        if goal[: len(current)] == current:
            return True
        if current in seen:
            continue
        seen.add(current)
        for node, target in edges:
            if tuple(split(node.pointer)[len(base):])[: len(current)] == current:
                stack.append(target)
    return False
