"""How many subschemas a validator may evaluate against one value, counted on the schema alone.

References, `allOf`, `anyOf`, `oneOf`, `not`, `if`/`then`/`else` and `dependentSchemas` apply
further subschemas to the very value their own subschema is applied to. A subschema two of
them reach is evaluated twice, so a chain of `anyOf`s whose branches each refer to the next
link doubles the work at every link: 35 links, 2 KB of JSON, hold any validator (jsonschema-rs
here, ajv or a provider's own elsewhere) for hours on a value that fails them, whether it is a
`default` SL008 checks or a call `replay` checks. Keywords that pass a member or an item on
multiply too, level by level into the value: a chain of definitions each applying the next
through both `items` and `contains` (or `properties` and a `patternProperties` that matches the
same key) doubles the work at each level of a nested value. So the count of one subschema is
itself, what it applies to the same value, and the most it applies to any one member or item.
Every place that compiles a tool's schema asks this module first and leaves a schema past the
limit uncompiled. A recursive schema is counted once round each cycle: one whose recursion
itself passes a value on twice (`items` and `contains` both referring back) is not found.

The count memoizes each subschema's total, so it takes time in proportion to the schema's size
while the number it finds may be exponential, and it stops as soon as it passes the limit.
"""

from __future__ import annotations

from collections.abc import Iterator
from typing import Any

from schema_lint.schema.refs import RefIndex, references
from schema_lint.schema.walk import SchemaNode, walk

SAME_VALUE_LIMIT = 10_000
"""Evaluations against one value a schema may ask for (or as many as it has subschemas, if
more: a work linear in its own size is no trap). About a millisecond of validation, and two
orders of magnitude above the tool schemas of the shared corpus and of published MCP servers."""

_LISTS = ("allOf", "anyOf", "oneOf")
_SINGLE = ("not", "if", "then", "else")
_MAPS = ("dependentSchemas", "dependencies")


class _OverLimit(Exception):
    """Raised at the innermost subschema whose count passes the limit, which it carries."""


def too_costly(schema: Any) -> str | None:
    """Why validating a value against ``schema`` would take too long, or ``None`` when it would not."""
    if not isinstance(schema, dict) or not _refers(schema):
        return None  # each subschema is then applied once per value at most: a tree has no shared parts
    nodes = list(walk(schema, ""))
    found = costly_node(nodes, RefIndex(nodes, schema))
    return None if found is None else found[1]


def costly_node(nodes: list[SchemaNode], index: RefIndex) -> tuple[SchemaNode, str] | None:
    """The first of a schema's walked ``nodes`` (``index``: their references) whose application to one
    value evaluates more subschemas than the limit, and what that says; ``None`` when none does."""
    return evaluate(nodes, index)[0]


def evaluate(nodes: list[SchemaNode], index: RefIndex) -> tuple[tuple[SchemaNode, str] | None, SchemaNode | None]:
    """`costly_node`'s answer, and the first subschema that applies itself again to the value
    it is applied to (through references and in-place keywords alone, never descending into
    the value): a loop the specification leaves undefined ("Schemas SHOULD NOT make use of
    infinite recursive nesting like this", JSON Schema Core 2020-12, 9.4.1), where Python's
    jsonschema recurses until it fails and jsonschema-rs stops. Counted in one pass."""
    limit = max(SAME_VALUE_LIMIT, len(nodes))
    counter = _Counter(index, limit)
    for node in nodes:
        try:
            counter.work(node)
        except (_OverLimit, RecursionError) as exc:
            # Where the count first passes the limit: the innermost subschema that asks for too much.
            where = exc.args[0] if isinstance(exc, _OverLimit) else node
            return (where, (f"it would evaluate more than {limit:,} subschemas against one value (references and "
                            "allOf/anyOf/oneOf that reach the same subschemas through each other, or `items` and "
                            "`contains` that both pass a value on, multiply the work)")), counter.loop
    return None, counter.loop


def _refers(schema: dict) -> bool:
    """Whether any object in ``schema`` carries a reference keyword."""
    pending: list[Any] = [schema]
    while pending:
        item = pending.pop()
        if isinstance(item, dict):
            if "$ref" in item or "$dynamicRef" in item:
                return True
            pending.extend(item.values())
        elif isinstance(item, list):
            pending.extend(item)
    return False


class _Counter:
    """Memoized on the identity of each subschema: a subschema reached again costs a lookup."""

    def __init__(self, index: RefIndex, limit: int):
        self.index = index
        self.limit = limit
        self.memo: dict[int, int] = {}
        self.active: set[int] = set()
        # Of `active`, those applied to the value now counted (since the last step into a member
        # or an item): one reached again among them is a loop that never descends.
        self.on_this_value: set[int] = set()
        self.loop: SchemaNode | None = None

    def work(self, node: SchemaNode) -> int:
        """Evaluations against one value that applying ``node`` to it makes, itself included."""
        schema = node.schema
        if not isinstance(schema, dict):
            return 1
        key = id(schema)
        if key in self.memo:
            return self.memo[key]
        if key in self.active:  # a cycle that stays on one value: counted once, as a validator stops it
            if key in self.on_this_value and self.loop is None:
                self.loop = node
            return 0
        self.active.add(key)
        self.on_this_value.add(key)
        total = 1
        for child in self._same_value(node):
            total += self.work(child)
            if total > self.limit:
                raise _OverLimit(node)
        # The most any one member or item is then given: along a path into a value, what each
        # level applies multiplies (`items` and `contains` both send every item on).
        deepest = 0
        outer, self.on_this_value = self.on_this_value, set()
        for slot in self._slots(node):
            deepest = max(deepest, sum(self.work(child) for child in slot))
            if total + deepest > self.limit:
                raise _OverLimit(node)
        self.on_this_value = outer
        total += deepest
        self.active.discard(key)
        self.on_this_value.discard(key)
        self.memo[key] = total
        return total

    def _same_value(self, node: SchemaNode) -> Iterator[SchemaNode]:
        """The subschemas applying ``node`` applies to the same value."""
        schema = node.schema
        for keyword in _LISTS:
            branches = schema.get(keyword)
            if isinstance(branches, list):
                yield from (self._node(branch, node) for branch in branches)
        for keyword in _SINGLE:
            if keyword in schema:
                yield self._node(schema[keyword], node)
        for keyword in _MAPS:
            dependent = schema.get(keyword)
            if isinstance(dependent, dict):
                yield from (self._node(sub, node) for sub in dependent.values() if isinstance(sub, dict))
        for _, reference in references(node):
            resolution = self.index.resolve(node, reference)
            if resolution.found:
                yield self._node(resolution.target, node)

    def _slots(self, node: SchemaNode) -> Iterator[list[SchemaNode]]:
        """For each member or item a value may hold, the subschemas applying ``node`` applies to it:
        a declared property's, any other member's, a property name's, each positional item's and
        any other item's. Every `patternProperties` entry counts as matching, as the count cannot
        know the value's keys."""
        schema = node.schema
        def held(keyword: str) -> list[SchemaNode]:
            return [self._node(schema[keyword], node)] if isinstance(schema.get(keyword), (dict, bool)) else []

        patterns = schema.get("patternProperties")
        matching = [self._node(sub, node) for sub in patterns.values()] if isinstance(patterns, dict) else []
        unevaluated = held("unevaluatedProperties")
        properties = schema.get("properties")
        for sub in properties.values() if isinstance(properties, dict) else ():
            yield [self._node(sub, node), *matching, *unevaluated]
        yield [*matching, *held("additionalProperties"), *unevaluated]
        yield held("propertyNames")
        every_item = [*held("contains"), *held("unevaluatedItems")]
        items = schema.get("items")
        positional = items if isinstance(items, list) else schema.get("prefixItems")
        for sub in positional if isinstance(positional, list) else ():
            yield [self._node(sub, node), *every_item]
        yield [*held("additionalItems" if isinstance(items, list) else "items"), *every_item]

    def _node(self, schema: Any, holder: SchemaNode) -> SchemaNode:
        """The walked node of ``schema``, or one whose references resolve from where ``holder`` is
        written (a subschema under a keyword the walk does not know)."""
        known = self.index.nodes.get(id(schema)) if isinstance(schema, dict) else None
        return known if known is not None else SchemaNode(schema, holder.pointer)
