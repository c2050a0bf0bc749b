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
from schema_lint.profiles.checks import definition
from schema_lint.profiles.checks.problem import Problem
from schema_lint.profiles.sources import source
from schema_lint.rule import ToolContext
from schema_lint.schema.walk import SchemaNode, label

PROFILE = ANTHROPIC_STRICT


def _problem(entry: str, pointer: str, message: str) -> Problem:
    return Problem(source(entry), pointer, f"{PROFILE}: {message}")


def check(ctx: ToolContext) -> Iterator[Problem]:
    yield from definition.anthropic(ctx, PROFILE)
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
    for node, _ in _recursive(edges, len(base)):
        yield _problem("anthropic-strict/recursion", join(node.pointer, "$ref"),
                       f"`{label(node)}` refers back into itself; recursive schemas are not supported")


def _recursive(edges: list[tuple[SchemaNode, tuple[str, ...]]], depth: int) -> list[tuple[SchemaNode, tuple[str, ...]]]:
    """The references whose target is, or leads by references to, an ancestor of the
    reference itself (or itself), in `edges`' order (`depth`: tokens of the tool's pointer).

    Targets are the graph: target `t` leads to target `u` when a reference to `u` lies at or
    below `t`. A reference at `h` to `r` comes back when some target `t` at or above `h` is
    reached from `r`; then `t` leads to `r` too, so both are one strongly connected
    component. Asking each reference to walk the graph cost the cube of a chain's length
    (400 links, 50 s); one pass over the components costs the references times their depth."""
    heres = [tuple(split(node.pointer)[depth:]) for node, _ in edges]
    targets = {target for _, target in edges}
    leads: dict[tuple[str, ...], list[tuple[str, ...]]] = {target: [] for target in targets}
    above = []  # for each reference, the targets at or above it
    for here, (_, target) in zip(heres, edges):
        found = [here[:length] for length in range(len(here) + 1) if here[:length] in targets]
        above.append(found)
        for holder in found:
            leads[holder].append(target)
    component = _components(leads)
    return [edge for edge, found in zip(edges, above)
            if any(component[holder] == component[edge[1]] for holder in found)]


def _components(graph: dict) -> dict:
    """Each node's strongly connected component (an int), by Tarjan's algorithm without
    recursion: a chain of references thousands long is no deeper a stack."""
    index: dict = {}
    low: dict = {}
    component: dict = {}
    stack: list = []
    on_stack: set = set()
    for root in graph:
        if root in index:
            continue
        work = [(root, 0)]
        while work:
            node, position = work.pop()
            if position == 0:
                index[node] = low[node] = len(index)
                stack.append(node)
                on_stack.add(node)
            successors = graph[node]
            if position < len(successors):
                work.append((node, position + 1))
                successor = successors[position]
                if successor not in index:
                    work.append((successor, 0))
                elif successor in on_stack:
                    low[node] = min(low[node], index[successor])
                continue
            if low[node] == index[node]:
                while True:
                    member = stack.pop()
                    on_stack.discard(member)
                    component[member] = index[node]
                    if member == node:
                        break
            if work:
                parent = work[-1][0]
                low[parent] = min(low[parent], low[node])
    return component
