"""Turn a near-miss call into the call the schema wants, and say exactly what changed.

The walk follows the schema alongside the arguments. At each location it leaves a
value the applicable subschemas accept untouched; otherwise it tries the policy's
repairs in order and keeps the first whose result those subschemas accept, then
descends into objects and arrays for nested repairs. ``anyOf``/``oneOf`` are handled by
trying each branch: a repair is made only when exactly one outcome is valid.

Consequences worth relying on: a valid call comes back as the very same object with no
repairs; every repair's ``after`` is accepted by the subschema at its path; running
canonicalize on its own output changes nothing; the input is never mutated (a repaired
result is a new object along the repaired paths and shares untouched subtrees with the
input).
"""

from __future__ import annotations

import json
from dataclasses import dataclass, field
from typing import Any

from ..pointer import join
from .compiled import CompiledSchema, compiled
from .paths import ROOT, child
from .repairs import NO_REPAIR, Policy, RepairRule
from .walk import Node, element_nodes, expand, json_type, member_nodes

_BUDGET = 20_000
"""Locations one call may visit; a pathological schema/argument pair gives up instead of hanging."""


@dataclass(frozen=True)
class Repair:
    """One change: where (``$.filters.regions``), which rule, and the value before and after."""

    path: str
    rule: str
    before: Any
    after: Any


@dataclass(frozen=True)
class Canonicalized:
    """The arguments after canonicalization, and the repairs made to get there."""

    arguments: Any
    repairs: list[Repair] = field(default_factory=list)


def canonicalize(schema: Any, arguments: Any, policy: Policy | None = None) -> Canonicalized:
    """Repair near misses in ``arguments`` that ``policy`` allows (default: ``Policy.default()``)."""
    return canonicalize_compiled(compiled(schema), arguments, policy or Policy.default())


def canonicalize_compiled(schema: CompiledSchema, arguments: Any, policy: Policy) -> Canonicalized:
    """:func:`canonicalize` for a schema compiled already (what :class:`ToolBoundary` holds)."""
    if schema.is_valid(arguments) or not policy.repairs:
        return Canonicalized(arguments, [])
    walker = _Walker(schema, policy.rules())
    try:
        result, repairs = walker.visit([Node("#", schema.schema)], arguments, ROOT)
    except _OutOfBudget:
        return Canonicalized(arguments, [])
    return Canonicalized(result, repairs)


class _OutOfBudget(Exception):
    pass


class _Walker:
    def __init__(self, schema: CompiledSchema, rules: tuple[RepairRule, ...]):
        self.schema = schema
        self.rules = rules
        self.budget = _BUDGET

    def visit(self, nodes: list[Node], value: Any, path: str,
              excluded: frozenset[str] = frozenset(), decided: frozenset[str] = frozenset()) -> tuple[Any, list[Repair]]:
        """Canonicalize ``value`` at ``path`` against every schema in ``nodes``.

        ``excluded`` names rules not to apply here (a wrapped scalar is not wrapped
        again); ``decided`` holds the ``anyOf``/``oneOf`` groups already branched on at
        this location.
        """
        self.budget -= 1
        if self.budget < 0:
            raise _OutOfBudget
        conjuncts = expand(self.schema, nodes)
        if self._accepted(conjuncts, value):
            return value, []
        for node in conjuncts:
            for keyword in ("anyOf", "oneOf"):
                group = join(node.pointer, keyword)
                if isinstance(node.get(keyword), list) and group not in decided:
                    return self._branch(conjuncts, node, keyword, value, path, excluded, decided | {group})
        for rule in self.rules:
            if rule.name in excluded:
                continue
            candidate = rule.propose(value, conjuncts)
            if candidate is NO_REPAIR:
                continue
            inner = frozenset({rule.name}) if rule.name == "scalar-for-array" else frozenset()
            result, nested = self._descend(conjuncts, candidate, path, inner)
            if self._accepted(conjuncts, result):
                return result, [Repair(path, rule.name, value, result), *nested]
        return self._descend(conjuncts, value, path, frozenset())

    def _branch(self, conjuncts: list[Node], node: Node, keyword: str, value: Any, path: str,
                excluded: frozenset[str], decided: frozenset[str]) -> tuple[Any, list[Repair]]:
        """Try each branch of one ``anyOf``/``oneOf``; keep a result only if it is the one valid outcome.

        When no branch yields a valid call, a branch that is the only one to admit the
        value's JSON type (``{"type": "object"}`` next to ``{"type": "null"}``) still
        steers nested repairs, so the remaining errors are the real ones.
        """
        branches = [Node(join(node.pointer, keyword, i), b) for i, b in enumerate(node.get(keyword))]
        valid: list[tuple[Any, list[Repair]]] = []
        partial: list[tuple[Any, list[Repair]]] = []
        for branch in branches:
            result, repairs = self.visit([*conjuncts, branch], value, path, excluded, decided)
            if self._accepted(conjuncts, result):
                if not any(_same_json(result, seen) for seen, _ in valid):
                    valid.append((result, repairs))
            elif _admits_type(self.schema, branch, value):
                partial.append((result, repairs))
        if len(valid) == 1:
            return valid[0]
        if not valid and len(partial) == 1:
            return partial[0]
        return self.visit(conjuncts, value, path, excluded, decided)

    def _descend(self, conjuncts: list[Node], value: Any, path: str,
                 excluded: frozenset[str]) -> tuple[Any, list[Repair]]:
        """Canonicalize the members or elements of ``value``, copying only what changes."""
        if isinstance(value, dict):
            steps = [(key, str(key), member_nodes(conjuncts, str(key))) for key in value]
            copy: Any = dict
        elif isinstance(value, list):
            steps = [(index, index, element_nodes(conjuncts, index)) for index in range(len(value))]
            copy = list
        else:
            return value, []
        result, repairs = value, []
        for step, label, nodes in steps:
            if not nodes:
                continue
            before = value[step]
            after, nested = self.visit(nodes, before, child(path, label), excluded)
            if after is not before:
                if result is value:
                    result = copy(value)
                result[step] = after
                repairs.extend(nested)
        return result, repairs

    def _accepted(self, conjuncts: list[Node], value: Any) -> bool:
        return all(self.schema.accepts(node.pointer, value) for node in conjuncts)


def _admits_type(schema: CompiledSchema, branch: Node, value: Any) -> bool:
    """Whether a branch's ``type`` (followed through ``$ref``/``allOf``) admits the value's JSON type."""
    kind = json_type(value)
    for node in expand(schema, [branch]):
        written = node.get("type")
        if written is None:
            continue
        names = [written] if isinstance(written, str) else written
        if kind not in names and not (kind == "integer" and "number" in names):
            return False
    return True


def _same_json(a: Any, b: Any) -> bool:
    """Equality as JSON sees it: ``1``, ``1.0`` and ``true`` are not interchangeable here."""
    return json.dumps(a, sort_keys=True) == json.dumps(b, sort_keys=True)
