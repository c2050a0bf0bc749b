"""A tool's subschemas by what rules select them by: kind, keyword.

Most rules look at a few of a tool's nodes: SL301 at strings, SL302 at arrays, SL201 at
objects, SL016 at nodes with a `format`. As ruff's checker hands each AST node only to the
rules registered for its kind, a rule iterates only its own nodes, and the selection is
made once per tool for all the rules that share it (SL301 and SL304 both read strings).
Every list keeps the walk's order, so a rule's findings come out as when it filtered the
walk itself.
"""

from __future__ import annotations

from schema_lint.model import cached_attribute
from schema_lint.schema.walk import SchemaNode

KINDS = frozenset({"string", "number", "integer", "boolean", "null", "array", "object", "composition"})
"""What `ToolContext.of_kind` takes: the standard type names, where `number` also holds the
nodes declaring `integer` (what a numeric keyword constrains); `object` also holds untyped
nodes with `properties` (an object in all but name); `composition` the nodes with an
`allOf`, `anyOf` or `oneOf` list."""

_COMPOSITION = ("allOf", "anyOf", "oneOf")
# The kinds a node is of exactly when its types name them (see `_is`).
_TYPE_NAMED = frozenset({"string", "integer", "boolean", "null", "array"})


class SchemaIndex:
    """Each part is built when a rule first asks for it: a tool's schema has a handful of
    nodes on average, and a part no selected rule asks for would cost more than it saves."""

    def __init__(self, nodes: list[SchemaNode]):
        self.nodes = nodes
        self._kinds: dict[str, list[SchemaNode]] = {}
        self._keywords: dict[str, list[SchemaNode]] = {}

    @cached_attribute
    def properties(self) -> list[SchemaNode]:
        return [node for node in self.nodes if node.keyword == "properties"]

    def of_kind(self, kind: str) -> list[SchemaNode]:
        found = self._kinds.get(kind)
        if found is None:
            # `_is` inline for a type name, what nearly every rule asks: a call for each node of
            # each kind of each tool is spared.
            if kind in _TYPE_NAMED:
                found = [node for node in self.nodes if kind in node.types]
            elif kind == "number":
                found = [node for node in self.nodes if "number" in node.types or "integer" in node.types]
            else:
                found = [node for node in self.nodes if _is(kind, node)]
            self._kinds[kind] = found
        return found

    @cached_attribute
    def keywords(self) -> frozenset[str]:
        """Every keyword some subschema has. Most keywords a rule asks for are in none of a
        tool's few nodes: those are answered from this set, without a pass over the nodes,
        and a rule that reads only absent keywords is not run at all (`Rule.keywords`)."""
        found: set[str] = set()
        for node in self.nodes:
            if isinstance(node.schema, dict):
                found.update(node.schema)
        return frozenset(found)

    def with_keyword(self, keyword: str) -> list[SchemaNode]:
        found = self._keywords.get(keyword)
        if found is None:
            found = self._keywords[keyword] = [node for node in self.nodes
                                               if isinstance(node.schema, dict) and keyword in node.schema
                                               ] if keyword in self.keywords else []
        return found


def _is(kind: str, node: SchemaNode) -> bool:
    types = node.types
    if kind in types:
        return True
    if kind == "number":
        return "integer" in types
    if kind == "object":
        return not types and isinstance(node.get("properties"), dict)
    if kind == "composition":
        return any(isinstance(node.get(keyword), list) for keyword in _COMPOSITION)
    return False
