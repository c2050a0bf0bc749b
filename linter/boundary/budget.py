"""How much work explaining a rejection would take, counted before any of it is done.

Listing every error of a call (jsonschema-rs ``iter_errors``) evaluates every branch of
every ``anyOf``/``oneOf`` in full and keeps each branch's errors. On a recursive union
(a pydantic-style ``And``/``Or``/``Leaf`` filter) that is exponential in the call's
nesting: a 390-byte call took 15 s and 1.6 GB. The validator's own yes/no answer stops
at the first failure and stays fast, so only the explanation needs a budget.

:func:`explanation_work` counts the subschema evaluations a full evaluation makes,
following the same applicators the validator does. The count is memoized per
(subschema, value) pair, so counting costs time in proportion to the distinct pairs
while the number it returns may be exponential; it stops as soon as it passes the
limit. A call over :data:`WORK_LIMIT` is rejected without a per-field explanation.

Most tool schemas apply one subschema to each value of a call (no union, reference or
pattern keyword: :attr:`CompiledSchema.visits_values_once`); their work on a call is at
most the number of values it holds, so a call holding no more than the limit is listed
without being counted.
"""

from __future__ import annotations

from collections.abc import Iterator
from typing import Any

import jsonschema_rs

from schema_lint.schema.patterns import search
from .admit import MAX_DEPTH
from .compiled import CompiledSchema

WORK_LIMIT = 10_000
"""Subschema evaluations one explanation may take: about 0.1 s of error collection, and
far above what real calls need (tens to a few hundred)."""

_IN_BRANCH = ("allOf", "anyOf", "oneOf")


class _OverLimit(Exception):
    pass


def explanation_work(schema: CompiledSchema, instance: Any, limit: int = WORK_LIMIT) -> int:
    """Subschema evaluations a full error listing of ``instance`` makes, or ``limit + 1`` past the limit."""
    counter = _Counter(schema, limit)
    try:
        return counter.work(schema.schema, instance)
    except (_OverLimit, RecursionError):
        return limit + 1


class _Counter:
    """Memoized on (subschema, value) identities: both live as long as the count, and
    identity is all a memo needs (an equal value elsewhere costs the same again)."""

    def __init__(self, schema: CompiledSchema, limit: int):
        self.schema = schema
        self.limit = limit
        self.memo: dict[tuple[int, int], int] = {}
        self.active: set[tuple[int, int]] = set()
        self.targets: dict[str, Any] = {}

    def work(self, node: Any, value: Any) -> int:
        key = (id(node), id(value))
        if key in self.memo:
            return self.memo[key]
        if key in self.active:  # a reference cycle that does not descend into the value: taken once
            return 0
        self.active.add(key)
        total = 1
        for child, member in self._applied(node, value):
            total += self.work(child, member)
            if total > self.limit:  # checked as it grows: a million items stop at the limit
                raise _OverLimit
        self.active.discard(key)
        self.memo[key] = total
        return total

    def _applied(self, node: Any, value: Any) -> Iterator[tuple[Any, Any]]:
        """Every (subschema, value) a full evaluation of ``node`` against ``value`` visits."""
        if not isinstance(node, dict):
            return
        for keyword in ("$ref", "$dynamicRef", "$recursiveRef"):
            reference = node.get(keyword)
            if isinstance(reference, str) and reference.startswith("#"):
                target = self._target(reference)
                if target is not None:
                    yield target, value
        for keyword in ("allOf", "anyOf", "oneOf"):
            branches = node.get(keyword)
            if isinstance(branches, list):
                yield from ((branch, value) for branch in branches)
        for keyword in ("not", "if", "then", "else"):
            if keyword in node:
                yield node[keyword], value
        if isinstance(value, dict):
            yield from self._members(node, value)
        elif isinstance(value, list):
            yield from self._elements(node, value)

    def _target(self, reference: str) -> Any:
        if reference not in self.targets:
            self.targets[reference] = self.schema.node(reference)
        return self.targets[reference]

    @staticmethod
    def _members(node: dict, value: dict) -> Iterator[tuple[Any, Any]]:
        properties, patterns = node.get("properties"), node.get("patternProperties")
        properties = properties if isinstance(properties, dict) else {}
        patterns = patterns if isinstance(patterns, dict) else {}
        dependent = node.get("dependentSchemas", node.get("dependencies"))
        for key, member in value.items():
            matched = key in properties
            if matched:
                yield properties[key], member
            for pattern, child in patterns.items():
                if search(pattern, key):
                    matched = True
                    yield child, member
            for keyword in ("additionalProperties", "unevaluatedProperties"):
                if not matched and keyword in node:
                    yield node[keyword], member
            if "propertyNames" in node:
                yield node["propertyNames"], key
            if isinstance(dependent, dict) and isinstance(dependent.get(key), dict):
                yield dependent[key], value

    @staticmethod
    def _elements(node: dict, value: list) -> Iterator[tuple[Any, Any]]:
        items, prefix = node.get("items"), node.get("prefixItems")
        tuple_items = items if isinstance(items, list) else prefix if isinstance(prefix, list) else []
        rest = "additionalItems" if isinstance(items, list) else "items"
        for index, element in enumerate(value):
            if index < len(tuple_items):
                yield tuple_items[index], element
            elif rest in node and not isinstance(node[rest], list):
                yield node[rest], element
            for keyword in ("contains", "unevaluatedItems"):
                if keyword in node:
                    yield node[keyword], element


def listed_errors(schema: CompiledSchema, instance: Any) -> list[jsonschema_rs.ValidationError] | None:
    """Every validation error of ``instance``, or ``None`` when listing them is over :data:`WORK_LIMIT`."""
    if not (schema.visits_values_once and _holds_at_most(instance, WORK_LIMIT)) \
            and explanation_work(schema, instance) > WORK_LIMIT:
        return None
    return list(schema.validator.iter_errors(instance))


def _holds_at_most(instance: Any, limit: int) -> bool:
    """Whether ``instance`` holds at most ``limit`` values (itself, its members and items at any
    depth) and nests no deeper than a call may (``MAX_DEPTH``). Under a schema that
    :attr:`~CompiledSchema.visits_values_once`, that bounds the work without counting it: the
    count walks the schema beside the call in Python, several times this simple walk."""
    count, level = 0, [instance]
    for _ in range(MAX_DEPTH + 1):  # one level of nesting at a time: the depth needs no bookkeeping
        count += len(level)
        if count > limit:
            return False
        below: list = []
        for item in level:
            if isinstance(item, dict):
                below.extend(item.values())
            elif isinstance(item, list):
                below.extend(item)
        if not below:
            return True
        level = below
    return False
