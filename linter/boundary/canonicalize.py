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

from collections.abc import Callable, Iterable
from dataclasses import dataclass, field
from typing import Any

import jsonschema_rs

from schema_lint.schema.json_types import canonical
from schema_lint.schema.pointer import join
from .admit import UNREADABLE, not_json
from .budget import listed_errors
from .compiled import CompiledSchema, compiled, objects
from .paths import format_path
from .repairs import NO_REPAIR, Policy, RepairRule
from .shape import Shapes
from .walk import Node, declared_types, element_nodes, expand, json_type, member_nodes

_BUDGET = 5_000
"""Locations one call may visit. Real calls need tens; nested `anyOf` can branch
exponentially, and a call that would exceed this gives up (no repairs) instead of hanging."""


@dataclass(frozen=True)
class Repair:
    """One change: where (``$.filters.regions``), which rule, and the value before and after
    (for ``null-as-absent`` the member is removed: ``after`` is ``None`` and means absent);
    ``steps``: the same place as keys and indices from the root, which a path clips (long keys)."""

    path: str
    rule: str
    before: Any
    after: Any
    steps: tuple = field(default=(), repr=False, compare=False)


@dataclass(frozen=True)
class Canonicalized:
    """The arguments after canonicalization, and the repairs made to get there."""

    arguments: Any
    repairs: list[Repair] = field(default_factory=list)


def canonicalize(schema: Any, arguments: Any, policy: Policy | None = None, *, openapi: bool = False) -> Canonicalized:
    """Repair near misses in ``arguments`` that ``policy`` allows (default: ``Policy.default()``);
    ``openapi`` as for :func:`validate`. Arguments outside JSON's data model (see :func:`validate`)
    come back as they are, unrepaired: validating them says what is wrong."""
    schema = compiled(schema, openapi)
    if not_json(arguments) is not None:
        return Canonicalized(arguments, [])
    try:
        errors = listed_errors(schema, arguments)
    except UNREADABLE:  # what the screen lets through and the validator cannot read (a `str` subclass)
        return Canonicalized(arguments, [])
    return canonicalize_compiled(schema, arguments, policy or Policy.default(), errors, Shapes())


def canonicalize_compiled(schema: CompiledSchema, arguments: Any, policy: Policy,
                          errors: list[jsonschema_rs.ValidationError] | None, shapes: Shapes,
                          where: Callable[[Location], bool] | None = None,
                          aside: list[Repair] | None = None) -> Canonicalized:
    """:func:`canonicalize` for a schema compiled already (what :class:`ToolBoundary` holds),
    given the arguments' :func:`listed_errors` (``None``: too costly to list) and the call's
    :class:`Shapes`, which the envelope goes on reading; ``where``, if given, says at which
    locations a repair may be made (a framework's, where its own validation takes the value).
    ``aside``, if given, gets each ``absent-default`` fill made in an object that also holds a
    member the schema does not declare there, which a framework's model may read for the absent
    one under an alias (see :func:`without_fills`)."""
    if not policy.repairs:
        return Canonicalized(arguments, [])
    if not errors:  # valid, or too costly to locate: no repair is worth the budget
        return Canonicalized(arguments, [])
    walker = _Walker(schema, policy.rules(), shapes, where or _anywhere, [] if aside is None else aside)
    try:
        result, repairs = walker.visit([Node("#", schema.schema)], arguments, (), focus=_locations(errors))
    except _OutOfBudget:
        return Canonicalized(arguments, [])
    return Canonicalized(result, repairs)


def could_repair(schema: CompiledSchema, policy: Policy) -> bool:
    """Whether a rule of ``policy`` could propose a repair anywhere in ``schema``: each proposes only
    where a subschema declares a type it :attr:`~RepairRule.needs`, so where no object of the schema
    names one, the walk would visit every error's location to change nothing and read no string."""
    try:
        declared = declared_types([Node("", node) for node in objects(schema.schema)])
    except TypeError:  # an object that is no subschema (a property named `enum`, a default) it cannot read
        return True
    return any(not rule.needs or rule.needs & declared for rule in policy.rules())


Location = tuple  # instance path steps: keys and indices from the root


def _anywhere(at: Location) -> bool:
    return True


def _locations(errors: Iterable[jsonschema_rs.ValidationError]) -> set[Location]:
    """Every instance location at or above an error, ``anyOf``/``oneOf`` branch errors included.

    Only these locations can hold a repair, so the walk skips every member that is
    valid as sent without looking up its schema.
    """
    found: set[Location] = set()
    for error in errors:
        steps = tuple(error.instance_path)
        found.update(steps[:depth] for depth in range(len(steps) + 1))
        for branch in getattr(error.kind, "context", None) or ():
            found |= _locations(branch)
    return found


class _OutOfBudget(Exception):
    pass


_NOT_FOR_ITEMS = frozenset({"scalar-for-array"})
"""Rules never applied to an element of an array. A lone value has one reading as an array
(a list of that one value), but a flat array sent where an array of arrays is wanted has
two (``[1, 2, 3, 4]``: one row of four, or four rows of one), and so has each of its
items: only the model knows which it meant, and the envelope asks it (``flat-list``).
This also keeps a value a repair has wrapped from being wrapped again."""


class _Walker:
    def __init__(self, schema: CompiledSchema, rules: tuple[RepairRule, ...], shapes: Shapes,
                 where: Callable[[Location], bool], aside: list[Repair]):
        self.schema = schema
        self.rules = rules
        self.shapes = shapes
        self.where = where
        self.aside = aside
        self.budget = _BUDGET
        self.drop_nulls = any(rule.name == "null-as-absent" for rule in rules)
        self.fill_absent = any(rule.name == "absent-default" for rule in rules)

    def visit(self, nodes: list[Node], value: Any, at: Location, excluded: frozenset[str] = frozenset(),
              decided: frozenset[str] = frozenset(), focus: set[Location] | None = None) -> tuple[Any, list[Repair]]:
        """Canonicalize ``value`` at location ``at`` against every schema in ``nodes``.

        ``excluded`` names rules not to apply here (an element is not wrapped);
        ``decided`` holds the ``anyOf``/``oneOf`` groups already branched on at
        this location; ``focus`` holds the locations worth descending into (``None``
        inside a value a repair produced, where every location is new).
        """
        self.budget -= 1
        if self.budget < 0:
            raise _OutOfBudget
        if self._accepted(nodes, value):  # each node's validator covers what it pulls in
            return value, []
        conjuncts = expand(self.schema, nodes)
        for node in conjuncts:
            for keyword in ("anyOf", "oneOf"):
                if isinstance(node.get(keyword), list) and (group := join(node.pointer, keyword)) not in decided:
                    return self._branch(conjuncts, node, keyword, value, at, excluded, decided | {group}, focus)
        for rule in self.rules if self.where(at) else ():
            if rule.name in excluded:
                continue
            candidate = rule.propose(value, conjuncts, self.shapes)
            if candidate is NO_REPAIR:
                continue
            result, nested = self._descend(conjuncts, candidate, at, None)
            if self._accepted(conjuncts, result):
                return result, [Repair(format_path(at), rule.name, value, result, at), *nested]
        return self._descend(conjuncts, value, at, focus)

    def _branch(self, conjuncts: list[Node], node: Node, keyword: str, value: Any, at: Location,
                excluded: frozenset[str], decided: frozenset[str],
                focus: set[Location] | None) -> tuple[Any, list[Repair]]:
        """Try each branch of one ``anyOf``/``oneOf``; keep a result only if it is the one valid outcome.

        When no branch yields a valid call, a branch that is the only one to admit the
        value's JSON type (``{"type": "object"}`` next to ``{"type": "null"}``) still
        steers nested repairs, so the remaining errors are the real ones.
        """
        branches = [Node(join(node.pointer, keyword, i), b) for i, b in enumerate(node.get(keyword))]
        valid: list[tuple[Any, list[Repair]]] = []
        partial: list[tuple[Any, list[Repair]]] = []
        for branch in branches:
            result, repairs = self.visit([*conjuncts, branch], value, at, excluded, decided, focus)
            if self._accepted(conjuncts, result):
                if all(canonical(result) != canonical(seen) for seen, _ in valid):
                    valid.append((result, repairs))
            elif _admits_type(self.schema, branch, value):
                partial.append((result, repairs))
        if len(valid) == 1:
            return valid[0]
        if not valid and len(partial) == 1:
            return partial[0]
        return self.visit(conjuncts, value, at, excluded, decided, focus)

    def _descend(self, conjuncts: list[Node], value: Any, at: Location,
                 focus: set[Location] | None) -> tuple[Any, list[Repair]]:
        """Canonicalize the members or elements of ``value`` that may need it, copying only what changes.

        An element is never wrapped (see :data:`_NOT_FOR_ITEMS`); a member may be.
        """
        excluded: frozenset[str] = frozenset()
        if isinstance(value, dict):
            steps: Iterable[tuple[Any, str | int]] = ((key, str(key)) for key in value)
            find_nodes: Any = member_nodes
        elif isinstance(value, list):
            steps = ((index, index) for index in range(len(value)))
            find_nodes, excluded = element_nodes, _NOT_FOR_ITEMS
        else:
            return value, []
        result, repairs = value, list[Repair]()
        if self.fill_absent and isinstance(value, dict):
            result, repairs = _filled(conjuncts, value, at, self.where)
            if repairs and not value.keys() <= _declared(conjuncts):
                self.aside.extend(repairs)
        drop_nulls = self.drop_nulls and isinstance(value, dict)
        for step, label in steps:
            where = (*at, label)
            if focus is not None and where not in focus:
                continue
            nodes = find_nodes(conjuncts, label)
            if not nodes:
                continue
            before = value[step]
            if (drop_nulls and before is None and self._optional(conjuncts, label) and not self._accepted(nodes, None)
                    and self.where(where)):
                if result is value:
                    result = dict(value)
                del result[step]
                repairs.append(Repair(format_path(where), "null-as-absent", None, None, where))
                continue
            after, nested = self.visit(nodes, before, where, excluded, focus=focus)
            if after is not before:
                if result is value:
                    result = dict(value) if isinstance(value, dict) else list(value)
                result[step] = after
                repairs.extend(nested)
        return result, repairs

    @staticmethod
    def _optional(conjuncts: list[Node], key: str | int) -> bool:
        """No schema at this object requires ``key``."""
        return not any(isinstance(node.get("required"), list) and key in node.get("required") for node in conjuncts)

    def _accepted(self, conjuncts: list[Node], value: Any) -> bool:
        return all(self.schema.accepts(node.pointer, value) for node in conjuncts)


def _filled(conjuncts: list[Node], value: dict, at: Location,
            where: Callable[[Location], bool]) -> tuple[dict, list[Repair]]:
    """``absent-default``: each required member that is absent, filled the way a framework's model
    fills it: with its declared ``default``, else ``null`` where it accepts ``null`` (an optional
    field that a strict schema lists as required), at the locations ``where`` allows (the model's
    fields that have a default: a required ``Optional`` field left out is refused, not filled)."""
    filled, repairs = value, []
    for node in conjuncts:
        required, properties = node.get("required"), node.get("properties")
        if not isinstance(required, list) or not isinstance(properties, dict):
            continue
        for name in required:
            member = properties.get(name) if isinstance(name, str) else None
            if name in filled or not isinstance(member, dict) or not where((*at, name)):
                continue
            if "default" in member:
                after = member["default"]
            elif "null" in _member_types(member):
                after = None
            else:
                continue
            if filled is value:
                filled = dict(value)
            filled[name] = after
            repairs.append(Repair(format_path((*at, name)), "absent-default", None, after, (*at, name)))
    return filled, repairs


def without_fills(arguments: Any, repairs: list[Repair], aside: list[Repair]) -> tuple[Any, list[Repair]]:
    """``arguments`` without what ``absent-default`` filled, and ``repairs`` without the fills set
    ``aside``: where a framework's model fills an absent member itself, the boundary only stops
    asking for it and leaves the filling to the model. Written into the call, a fill would change
    what the tool receives: it would win over a value the call gave under an alias the schema does
    not name (``displayName`` for ``display_name``), and mark the member as set (a model dumped with
    ``exclude_unset`` would carry it). A fill stays on record as the framework's change, except one
    next to a member the schema does not declare, which may be that alias: the model reads the
    call then, not the default."""
    unrecorded = {id(repair) for repair in aside}
    fills = [repair for repair in repairs if repair.rule == "absent-default"]
    kept = [repair for repair in repairs if repair.rule != "absent-default" or id(repair) not in unrecorded]
    return (_without(arguments, [fill.steps for fill in fills]) if fills else arguments), kept


def _without(value: Any, paths: list[tuple]) -> Any:
    """A copy of ``value`` without the members at ``paths`` (each container along them copied once,
    the rest shared), skipping a path that leads to no member."""
    here = {path[0] for path in paths if len(path) == 1}
    deeper: dict[Any, list[tuple]] = {}
    for path in paths:
        if len(path) > 1:
            deeper.setdefault(path[0], []).append(path[1:])
    if isinstance(value, dict):
        copy = {key: member for key, member in value.items() if key not in here}
        for key, rest in deeper.items():
            if key in copy:
                copy[key] = _without(copy[key], rest)
        return copy
    if isinstance(value, list) and deeper:
        items = list(value)
        for index, rest in deeper.items():
            if isinstance(index, int) and 0 <= index < len(items):
                items[index] = _without(items[index], rest)
        return items
    return value


def _declared(conjuncts: list[Node]) -> set[str]:
    """The members the schemas at an object declare by name."""
    return {name for node in conjuncts if isinstance(properties := node.get("properties"), dict) for name in properties}


def _member_types(member: dict) -> set[str]:
    """JSON types a member names itself or in the branches of its ``anyOf``/``oneOf``."""
    branches = [member, *(b for k in ("anyOf", "oneOf") for b in member.get(k) or [] if isinstance(b, dict))]
    return declared_types([Node("", branch) for branch in branches])


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
