"""What Anthropic's strict tool use (`"strict": true`) refuses in a tool's `input_schema`.

Each problem names its entry in `sources` (Claude docs, Structured outputs, "JSON Schema
limitations", which strict tool use shares: "If you use an unsupported feature, you'll
receive a 400 error with details."). The limits that count across all strict tools of
one request (20 tools, 24 optional and 16 union-typed parameters) are in `request_limits`.
"""

from __future__ import annotations

from collections.abc import Iterator
from urllib.parse import unquote

from schema_lint.schema.pointer import join, split
from schema_lint.profiles import ANTHROPIC_FORMATS, ANTHROPIC_LENGTH, ANTHROPIC_NUMERIC, ANTHROPIC_STRICT
from schema_lint.profiles.checks.problem import Problem
from schema_lint.profiles.sources import source
from schema_lint.rule import ToolContext
from schema_lint.schema.walk import SchemaNode, label

PROFILE = ANTHROPIC_STRICT


def _problem(entry: str, pointer: str, message: str) -> Problem:
    return Problem(source(entry), pointer, f"{PROFILE}: {message}")


def check(ctx: ToolContext) -> Iterator[Problem]:
    for node in ctx.walk():
        yield from _node(node)
    yield from _refs(ctx)


def _node(node: SchemaNode) -> Iterator[Problem]:
    if not isinstance(node.schema, dict):
        return
    fmt = node.get("format")
    if isinstance(fmt, str) and fmt not in ANTHROPIC_FORMATS:
        yield _problem("anthropic-strict/format", join(node.pointer, "format"), f"format `{fmt}` is not supported")
    if "additionalProperties" in node.schema and node.get("additionalProperties") is not False:
        yield _problem("anthropic-strict/additional-properties", join(node.pointer, "additionalProperties"),
                       f"`additionalProperties` may only be `false` on `{label(node)}`")
    for keyword in node.schema:
        entry = _BOUND_ENTRIES.get(keyword)
        if entry and not (keyword == "minItems" and node.get("minItems") in (0, 1)):
            yield _problem(entry, join(node.pointer, keyword), f"`{keyword}` is not supported on `{label(node)}`")


_BOUND_ENTRIES = {**dict.fromkeys(ANTHROPIC_NUMERIC, "anthropic-strict/numeric-bounds"),
                  **dict.fromkeys(ANTHROPIC_LENGTH, "anthropic-strict/string-length"),
                  "maxItems": "anthropic-strict/array-bounds", "minItems": "anthropic-strict/array-bounds"}


def _refs(ctx: ToolContext) -> Iterator[Problem]:
    """External references, and references that lead back into themselves (recursion)."""
    base = split(ctx.tool.schema_pointer)
    edges: list[tuple[SchemaNode, tuple[str, ...]]] = []
    for node in ctx.walk():
        ref = node.get("$ref")
        if not isinstance(ref, str):
            continue
        if not ref.startswith("#"):
            yield _problem("anthropic-strict/external-ref", join(node.pointer, "$ref"),
                           f"external reference `{ref}` is not supported")
            continue
        try:
            target = tuple(split(unquote(ref[1:])))
        except ValueError:
            continue
        edges.append((node, target))
    for node, target in edges:
        here = tuple(split(node.pointer)[len(base):])
        if _reaches(target, here, edges, base):
            yield _problem("anthropic-strict/recursion", join(node.pointer, "$ref"),
                           f"`{label(node)}` refers back into itself; recursive schemas are not supported")


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
