"""Turn validation errors into the envelope a model can act on.

Every error is reported at the path of the thing to change: a missing field at the
field's own path (``$.priority``, not the object that lacks it), an unknown key at its
own path. Each carries the JSON Schema keyword as ``reason``, what is ``expected`` in
plain words and a one-sentence ``repair``. Nothing from the validator's own messages
is passed through: they quote the rejected value and use internal wording.
"""

from __future__ import annotations

import dataclasses
import difflib
import functools
import json
from collections.abc import Iterable, Iterator
from dataclasses import dataclass
from typing import Any

import jsonschema_rs

from schema_lint.schema import pointer
from .admit import Refusal
from .budget import WORK_LIMIT, listed_errors
from .compiled import CompiledSchema
from .describe import FORMATS, count, describe, listed, one_of, render, shown
from .paths import KEY_LIMIT, ROOT, child, format_path
from .shape import Shapes
from .unions import discriminator
from .walk import Node

VALIDATION_FAILED = "SCHEMA_VALIDATION_FAILED"
MAX_ERRORS = 20
"""Errors one envelope lists; the rest are counted in ``omitted``. A model fixes a call
from its first errors, and a call with a million wrong items must not build a gigabyte."""
_TYPE_MISMATCH = {"type", "enum", "const", "falseSchema"}


@dataclass(frozen=True)
class Problem:
    """One entry of an envelope's ``errors`` list."""

    path: str
    reason: str
    expected: str
    repair: str

    def as_dict(self) -> dict[str, str]:
        return {"path": self.path, "reason": self.reason, "expected": self.expected, "repair": self.repair}


def envelope(code: str, problems: Iterable[Problem], retryable: bool) -> dict[str, Any]:
    """The plain-dict envelope: ``{"ok": false, "error": {"code", "errors"}, "retryable"}``.

    At most :data:`MAX_ERRORS` errors are listed; ``error.omitted`` counts the rest.
    """
    problems = list(problems)
    error: dict[str, Any] = {"code": code, "errors": [p.as_dict() for p in problems[:MAX_ERRORS]]}
    if len(problems) > MAX_ERRORS:
        error["omitted"] = len(problems) - MAX_ERRORS
    return {"ok": False, "error": error, "retryable": retryable}


def schema_problems(schema: CompiledSchema, instance: Any) -> list[Problem]:
    """Every problem with ``instance``, deduplicated, in the validator's order (none for a valid one)."""
    return explained(schema, instance, listed_errors(schema, instance), Shapes())


def explained(schema: CompiledSchema, instance: Any, errors: list[jsonschema_rs.ValidationError] | None,
              shapes: Shapes) -> list[Problem]:
    """The problems of a call (``instance``) from its :func:`listed_errors` and its :class:`Shapes`.
    A call whose errors would cost more than the work budget to list (``None``) gets one
    ``too-complex`` problem instead (see :mod:`schema_lint.boundary.budget`)."""
    if errors is None:
        return [too_complex(schema)]
    return _once(_problems(schema, errors, shapes, _FlatLists(schema, instance, shapes), _Omissions(schema, instance)))


def _once(problems: Iterable[Problem]) -> list[Problem]:
    """The first problem of each location that expects the same value: `null` for a string with an
    `enum`, or `"x"` for an integer one, fails both keywords, each with its own sentence, and the
    model needs to read what to send once."""
    seen: dict[tuple[str, str], Problem] = {}
    for problem in problems:
        seen.setdefault((problem.path, problem.expected), problem)
    return list(seen.values())


def suggestible(schema: CompiledSchema, errors: list[jsonschema_rs.ValidationError] | None, repaired: Any,
                repairs: list[Any]) -> list[Any]:
    """The repairs an envelope may name: each but those near an error the repairs brought about
    (in ``repaired``, the call with every repair made, and not among the call's own ``errors``).
    A repair that each value's own schema takes can still break what the object asks of its
    members together: the wrapped `t` that `dependentSchemas` bounds to no items, the `null`
    left out under `minProperties` or `dependentRequired`. Told to send it, a model would be
    refused again; the problem's own repair says what the schema wants instead."""
    if not repairs or errors is None:
        return repairs
    after = listed_errors(schema, repaired)
    if after is None:
        return []
    before = {(tuple(error.instance_path), tuple(error.schema_path)) for error in errors}
    brought = [tuple(error.instance_path) for error in after
               if (tuple(error.instance_path), tuple(error.schema_path)) not in before]
    return [repair for repair in repairs
            if not any(path[:len(repair.steps)] == repair.steps or repair.steps[:len(path)] == path for path in brought)]


def with_suggestions(problems: list[Problem], repairs: Iterable[Any]) -> list[Problem]:
    """``problems`` with the value a repair would have sent named in each repairable one (for a
    member the repair would have left out, that it be left out)."""
    suggested = {repair.path: repair for repair in repairs}
    out = []
    for problem in problems:
        repair = suggested.get(problem.path)
        if repair is not None:
            field = _short(problem.path.rsplit(".", 1)[-1] if "." in problem.path else "the value")
            shown = json.dumps(repair.after, ensure_ascii=False)
            if repair.rule == "null-as-absent":  # its `after` means absent, not `null`, which was sent
                if not problem.repair.startswith("leave out "):
                    problem = dataclasses.replace(problem, repair=f"leave out {field} and resubmit the same call")
            elif len(shown) <= _SHOWN_LIMIT:
                problem = dataclasses.replace(problem, repair=f"send {field} as {shown} and resubmit the same call")
        out.append(problem)
    return _once(out)


def refusal_problem(schema: CompiledSchema, refusal: Refusal) -> Problem:
    """The problem for arguments that are not JSON (see :mod:`schema_lint.boundary.admit`)."""
    if refusal.reason == "invalid-json":
        return Problem(ROOT, "invalid-json", describe(schema.schema, schema.schema),
                       f"send the arguments as valid JSON (parsing stopped at {refusal.detail}) "
                       "and resubmit the same call")
    path = format_path(refusal.steps)
    if refusal.reason == "duplicate-key":
        return Problem(path, refusal.reason, refusal.detail,
                       f"send {_short(str(refusal.steps[-1]))} once, with the one value you mean, and resubmit "
                       "the same call" if refusal.steps else "send each key once and resubmit the same call")
    return Problem(path, refusal.reason, refusal.detail,
                   f"send {_field(list(refusal.steps))} as {refusal.detail} and resubmit the same call")


def too_complex(schema: CompiledSchema) -> Problem:
    """The rejection of a call too large or too deeply nested to explain within the budget."""
    return Problem(ROOT, "too-complex", describe(schema.schema, schema.schema),
                   f"the arguments are too large or nest too deeply for their errors to be listed (more than "
                   f"{WORK_LIMIT} checks); send a smaller, flatter call that matches the schema")


def _problems(schema: CompiledSchema, errors: Iterable[jsonschema_rs.ValidationError],
              shapes: Shapes, flat_lists: _FlatLists, omissions: _Omissions) -> Iterator[Problem]:
    for error in errors:
        kind = error.kind.name
        if kind in ("anyOf", "oneOf"):
            serialized = _serialized_for_union(schema, error, shapes)
            if serialized is not None:
                yield serialized
                continue
            node_path = list(error.schema_path)[:-1]
            listed = _listed_instead(schema, error, node_path, _field(list(error.instance_path)))
            if listed is not None:  # a union member sent as a list of one (or several calls' worth)
                yield Problem(format_path(error.instance_path), listed[0],
                              _described(schema, _walk(schema.schema, node_path)), listed[1])
                continue
            chosen = _discriminated(schema, error)
            if isinstance(chosen, Problem):
                yield chosen
                continue
            if chosen is not None:  # the branch the value's discriminating property names says what is wrong
                yield from _problems(schema, chosen, shapes, flat_lists, omissions)
                continue
            branch = _closest_branch(error)
            if branch is not None:
                yield from _problems(schema, branch, shapes, flat_lists, omissions)
                continue
            branch = _not_null_branch(schema, error)
            if branch is not None:  # an optional field: its branch says what is wrong, `null` stays allowed
                here = format_path(error.instance_path)
                whole = _described(schema, _walk(schema.schema, list(error.schema_path)[:-1]))
                for problem in _problems(schema, branch, shapes, flat_lists, omissions):
                    yield dataclasses.replace(problem, expected=whole) \
                        if problem.path == here and problem.reason == "type" else problem
                continue
        flat = flat_lists.problem(error)
        yield from (flat,) if flat is not None else _explain(schema, error, shapes, omissions)


def _serialized_for_union(schema: CompiledSchema, error: jsonschema_rs.ValidationError,
                          shapes: Shapes) -> Problem | None:
    """The ``serialized-container`` problem of text holding a list or object that the union takes
    once decoded (a `oneOf` of room and video call, sent as a JSON string), or that no branch
    takes as text: as for one object wanted, the repair shows the JSON to send, or what is wrong
    with it once sent as JSON. ``None`` where a branch takes text: the union's branches then say
    what is wrong, as for any other value."""
    decoded = shapes.container(error.instance) if isinstance(error.instance, str) else None
    if not isinstance(decoded, (dict, list)):
        return None
    node_path = list(error.schema_path)[:-1]
    at = "#" + pointer.join("", *node_path)
    here = list(error.instance_path)
    no_text = all(any(e.kind.name == "type" and list(e.instance_path) == here for e in branch)
                  for branch in getattr(error.kind, "context", None) or [[]])
    if not no_text and not any(schema.accepts(at, reading) for reading in _readings(decoded)):
        return None
    expected = _described(schema, _walk(schema.schema, node_path))
    field = _field(list(error.instance_path))
    return Problem(format_path(error.instance_path), "serialized-container", expected,
                   _send_as(schema, node_path, field, expected, decoded))


def _discriminated(schema: CompiledSchema, error: jsonschema_rs.ValidationError) -> list | Problem | None:
    """For an object that fails every branch of a discriminated union (see :mod:`.unions`): the
    errors of the one branch its discriminating property names, or the problem of a property
    that names none (or is left out); ``None`` for any other value or union."""
    value, steps, keyword = error.instance, list(error.schema_path)[:-1], error.kind.name
    if not isinstance(value, dict) or isinstance(error.kind, jsonschema_rs.ValidationErrorKind.OneOfMultipleValid):
        return None
    found = discriminator(schema, Node("#" + pointer.join("", *steps), _walk(schema.schema, steps)), keyword)
    if found is None:
        return None
    branches = found.branches(value[found.name]) if found.name in value else []
    context = getattr(error.kind, "context", None) or []
    if len(branches) == 1:
        return context[branches[0]] if len(context) == len(found.values) else None
    expected = one_of(found.every_value())
    name = _short(found.name)
    repair = f"use one of the allowed values for {name}" if found.name in value else f"add {name} ({expected})"
    return Problem(child(format_path(error.instance_path), found.name), keyword, expected,
                   f"{repair} and resubmit the same call")


def _closest_branch(error: jsonschema_rs.ValidationError) -> list[jsonschema_rs.ValidationError] | None:
    """The one branch whose errors are deeper than a type mismatch at the value itself, if exactly
    one; of several (a union of object shapes without a discriminator), the one branch the value
    meets at its own level (its keys, its required members), whose errors all lie below it:
    `{"channel": "#ops", "thread": "abc"}` is the Slack target with a wrong `thread`, not an
    email target missing `email`."""
    context = getattr(error.kind, "context", None) or []
    here = list(error.instance_path)
    close = [branch for branch in context if branch and not any(
        e.kind.name in _TYPE_MISMATCH and list(e.instance_path) == here for e in branch)]
    if len(close) > 1:
        close = [branch for branch in close if all(len(e.instance_path) > len(here) for e in branch)]
    return close[0] if len(close) == 1 else None


def _not_null_branch(schema: CompiledSchema, error: jsonschema_rs.ValidationError) -> list | None:
    """The errors of the one branch that is not ``null``, for an optional field written as
    ``anyOf: [{...}, {"type": "null"}]``: what the value should be is that branch's to say."""
    context = getattr(error.kind, "context", None) or []
    rest = [branch for branch in context if not _null_only(schema, branch)]
    return rest[0] if len(rest) == 1 and len(context) > 1 else None


def _null_only(schema: CompiledSchema, branch: list) -> bool:
    """A branch that failed only for not being ``null``."""
    if len(branch) != 1 or branch[0].kind.name != "type":
        return False
    node = _walk(schema.schema, list(branch[0].schema_path)[:-1])
    return isinstance(node, dict) and node.get("type") == "null"


def _explain(schema: CompiledSchema, error: jsonschema_rs.ValidationError, shapes: Shapes,
             omissions: _Omissions) -> Iterator[Problem]:
    kind: Any = error.kind  # a variant, whose fields are read by its `name`
    name = kind.name
    path = format_path(error.instance_path)
    node_path = list(error.schema_path) if name == "falseSchema" else list(error.schema_path)[:-1]
    node = _walk(schema.schema, node_path)
    if name == "required":
        missing = kind.property
        target = child(path, missing)
        expected = _described(schema, _declared(schema.schema, node_path, missing))
        sent = _sent_for(missing, error.instance, _keyword(node, "properties"))
        repair = (f"you sent {_short(sent)}; did you mean {_short(missing)}? Rename {_short(sent)} to "
                  f"{_short(missing)} and resubmit the same call") if sent else \
            f"add {_short(missing)} and resubmit the same call"
        yield Problem(target, "required", expected, repair)
    elif name in ("additionalProperties", "unevaluatedProperties"):
        properties = _keyword(node, "properties")
        allowed = sorted(properties) if isinstance(properties, dict) else []
        for key in kind.unexpected:
            yield _unexpected(path, key, name, allowed, error.instance)
    elif name in ("additionalItems", "unevaluatedItems"):
        yield _extra_items(error, node, path)
    elif name == "propertyNames":
        bad = str(kind.error.instance)
        steps = list(error.schema_path)
        names_schema = _walk(schema.schema, steps[:len(steps) - steps[::-1].index("propertyNames")])
        expected = f"a property name that is {describe(names_schema, schema.schema)}"
        repair = f"rename {_short(bad)} to {expected} and resubmit the same call"
        yield Problem(child(path, bad), name, expected, repair)
    else:
        expected = _expected(name, kind, node, schema)
        field = _field(error.instance_path)
        shaped = (_misshapen(schema, error, node_path, field, shapes, expected)
                  or _listed_instead(schema, error, node_path, field)) if name == "type" else None
        alone = _alone_for_many(schema, error, node_path, field) if name == "type" and shaped is None else None
        if shaped is not None:
            yield Problem(path, shaped[0], expected, shaped[1])
        elif alone is not None:
            yield Problem(path, name, expected, alone)
        elif error.instance in (None, "") and _optional(schema.schema, node_path, error.instance_path) \
                and omissions.may_leave_out(list(error.instance_path), node_path[:-2]):
            yield Problem(path, name, f"{expected}, or no {field} at all",
                          f"leave out {field}, or send it as {expected}, and resubmit the same call")
        else:
            yield Problem(path, name, expected, _repair(name, field, expected))


def _extra_items(error: jsonschema_rs.ValidationError, node: Any, path: str) -> Problem:
    """The problem of an array with items past those its schema describes (draft-07's
    ``additionalItems: false`` after a tuple of ``items``, or ``unevaluatedItems: false``): the
    repair names which to remove, where they are the array's last ones, as `prefixItems` with
    `items: false` is answered item by item. The validator reports it at the array, which is an
    array already: "change it to an array" would have the model resend the same call."""
    kind: Any = error.kind
    sent = error.instance if isinstance(error.instance, list) else []
    field = _field(list(error.instance_path))
    if kind.name == "additionalItems":
        described = kind.limit
    else:
        prefix = node.get("prefixItems") if isinstance(node, dict) and "contains" not in node else None
        described = len(prefix) if isinstance(prefix, list) else None
        if described is not None and len(sent) - described != len(kind.unexpected):
            described = None  # some of them were evaluated elsewhere (`allOf`, `contains`): which, not known
    if described is None:
        extra = len(kind.unexpected)
        return Problem(path, kind.name, "no items beyond those its schema describes",
                       f"remove the {count(extra, 'item')} of {field} that its schema does not describe "
                       "and resubmit the same call")
    which = f"item {described}" if len(sent) - described == 1 else f"items {described} to {len(sent) - 1}"
    return Problem(path, kind.name, f"at most {count(described, 'item')}",
                   f"remove {which} of {field} and resubmit the same call")


_SHOWN_LIMIT = 300


def _misshapen(schema: CompiledSchema, error: Any, node_path: list, field: str,
               shapes: Shapes, expected: str) -> tuple[str, str] | None:
    """(reason, repair) for a string that holds a whole list or object where one is wanted.

    The repair shows the exact JSON to send when the decoded value is what the schema
    wants there; the boundary tells the model, it does not guess for it.
    """
    value = error.instance
    decoded = shapes.container(value)
    if isinstance(decoded, (dict, list)):
        return "serialized-container", _send_as(schema, node_path, field, expected, decoded)
    parts = shapes.joined(value)
    node = _walk(schema.schema, node_path)
    items = node.get("items") if isinstance(node, dict) else None
    if parts is not None and isinstance(items, (dict, bool)):
        if all(schema.accepts("#" + pointer.join("", *node_path, "items"), part) for part in parts):
            return "joined-list", _either_reading(schema, node_path, field, value, parts)
    return None


def _either_reading(schema: CompiledSchema, node_path: list, field: str, text: str, parts: list[str]) -> str:
    """The repair for a joined list: both readings, one value that holds the delimiter or several
    values, since only the model knows which it meant (``"Paris, France"`` is one place)."""
    readings = _both_readings(schema, node_path, [text], parts)
    if readings is not None and len(parts) == 1:  # one item and a stray delimiter (`"urgent,"`)
        return (f"send {field} as a JSON array, not as text: {readings[1]}, or {readings[0]} if the "
                "delimiter is part of the value, and resubmit the same call")
    if readings is not None:
        return (f"send {field} as a JSON array, not as text: {readings[0]} if it is one value, or {readings[1]} "
                "if it is several, and resubmit the same call")
    return _send_as(schema, node_path, field, "a JSON array", parts)


def _both_readings(schema: CompiledSchema, node_path: list, one: Any, several: Any) -> tuple[str, str] | None:
    """Two readings of what the model sent, as JSON to show it, when the schema at ``node_path``
    accepts both and they are short enough to show; else ``None``."""
    location = "#" + pointer.join("", *node_path)
    shown = json.dumps(one, ensure_ascii=False), json.dumps(several, ensure_ascii=False)
    if schema.accepts(location, one) and schema.accepts(location, several) and sum(map(len, shown)) <= _SHOWN_LIMIT:
        return shown
    return None


class _FlatLists:
    """The ``flat-list`` problem of each array of one call whose items must themselves be arrays
    and are not: ``[1, 2, 3, 4]`` for a list of rows.

    Such an array reads two ways, one row of four or four rows of one, so `scalar-for-array`
    wraps no item (see :mod:`.canonicalize`) and the repair gives both readings where the
    schema takes both, as for a joined list. Each failing item gives its array's problem,
    worked out once: a call of ten thousand such items is one problem, read once.
    """

    def __init__(self, schema: CompiledSchema, instance: Any, shapes: Shapes):
        self.schema, self.instance, self.shapes = schema, instance, shapes
        self.found: dict[tuple[tuple, tuple], Problem] = {}

    def problem(self, error: jsonschema_rs.ValidationError) -> Problem | None:
        """The problem of the array holding the value ``error`` is about, or ``None`` when the
        error is not that of a plain value where an array is wanted as an array's item."""
        steps, node_path = tuple(error.instance_path), tuple(error.schema_path)[:-1]
        kind: Any = error.kind  # a variant, whose fields are read by its `name`
        if kind.name != "type" or "array" not in kind.types or not steps \
                or not isinstance(steps[-1], int) or node_path[-1:] != ("items",) \
                or not self.shapes.plain_scalar(error.instance):
            return None
        key = (steps[:-1], node_path[:-1])
        if key not in self.found:
            self.found[key] = self._explain(*key)
        return self.found[key]

    def _explain(self, steps: tuple, node_path: tuple) -> Problem:
        schema, field = self.schema, _field(list(steps))
        sent = pointer.resolve_steps(self.instance, steps)
        readings = None
        if all(self.shapes.plain_scalar(item) for item in sent):
            readings = _both_readings(schema, list(node_path), [sent], [[item] for item in sent])
        if readings is None:
            send = f"send {field} as an array of arrays ([[…], …]), not as a flat array"
        elif readings[0] == readings[1]:  # one item: both readings are the same
            send = f"send {field} as {readings[0]}"
        else:
            send = f"send {field} as {readings[0]} if these values make one item, or as {readings[1]} if each is " \
                "an item of its own"
        return Problem(format_path(steps), "flat-list", _described(schema, _walk(schema.schema, list(node_path))),
                       f"each item of {field} must itself be an array: {send}, and resubmit the same call")


class _Omissions:
    """Whether a member the object does not require may be left out of one call: the object may
    still ask for it with another keyword (`minProperties`, `dependentRequired`, a branch's
    `required`), and a model told to "leave out" what is then refused again is told twice. Each
    answer validates the object without the member; within a call, only the first
    :data:`MAX_ERRORS` are worked out (an envelope shows no more), and past them the repair asks
    for the value rather than its absence, which never fails for that reason."""

    def __init__(self, schema: CompiledSchema, instance: Any):
        self.schema, self.instance = schema, instance
        self.left = MAX_ERRORS
        self.before: dict[tuple, set] = {}

    def may_leave_out(self, instance_path: list, object_path: list) -> bool:
        if self.left <= 0:
            return False
        self.left -= 1
        steps, key = tuple(instance_path[:-1]), instance_path[-1]
        sent = pointer.resolve_steps(self.instance, steps)
        if not isinstance(sent, dict):
            return False
        at = "#" + pointer.join("", *object_path)
        if steps not in self.before:
            self.before[steps] = self._own_errors(at, sent)
        without = {name: value for name, value in sent.items() if name != key}
        return self._own_errors(at, without) <= self.before[steps]

    def _own_errors(self, at: str, value: dict) -> set:
        """The errors of the object itself (not of its members) at schema location ``at``."""
        return {tuple(error.schema_path) for error in self.schema.errors(at, value) if not list(error.instance_path)}


def _alone_for_many(schema: CompiledSchema, error: Any, node_path: list, field: str) -> str | None:
    """The repair for one object sent where an array of them is wanted, and taken as its one item:
    the array to send, as for the same object sent as JSON text (`_send_as`). Only told, never
    made: one object may be the first of several the model meant."""
    value = error.instance
    if not isinstance(value, dict) or not schema.accepts("#" + pointer.join("", *node_path), [value]):
        return None
    shown = json.dumps([value], ensure_ascii=False)
    if len(shown) > _SHOWN_LIMIT:
        return f"send {field} as an array holding that object as its item, and resubmit the same call"
    return f"send {field} as an array: {shown}, and resubmit the same call"


def _listed_instead(schema: CompiledSchema, error: Any, node_path: list, field: str) -> tuple[str, str] | None:
    """(reason, repair) for a list sent where one value is wanted, each item of which would do.

    One item is the value itself; several are several calls' worth (a model that batches
    what the tool takes one at a time), so the repair asks for one call per item rather
    than choosing one.
    """
    items = error.instance
    location = "#" + pointer.join("", *node_path)
    if not isinstance(items, list) or not items or not all(schema.accepts(location, item) for item in items):
        return None
    shown = [json.dumps(item, ensure_ascii=False) for item in items]
    if len(items) == 1:
        value = shown[0] if len(shown[0]) <= _SHOWN_LIMIT else "its one item"
        return "list-for-one-value", f"send {field} as {value}, not as a list, and resubmit the same call"
    listed = ", ".join(shown)
    values = f" ({listed})" if len(listed) <= _SHOWN_LIMIT else ""
    return "list-for-one-value", (f"{field} takes one value: make one call per item{values}, each with {field} "
                                  "set to that item, and resubmit them")


def _send_as(schema: CompiledSchema, node_path: list, field: str, expected: str, value: Any) -> str:
    """The repair for text that holds a list or object: the JSON to send where the schema takes the
    decoded value there (or that one object as the array's one item); else the kind the schema wants,
    never the kind the text happens to hold, with the decoded value's first fault."""
    at = "#" + pointer.join("", *node_path)
    for reading in _readings(value):
        if schema.accepts(at, reading):
            shown = json.dumps(reading, ensure_ascii=False)
            kind = "array" if isinstance(reading, list) else "object"
            if len(shown) <= _SHOWN_LIMIT:
                return f"send {field} as a JSON {kind}, not as text: {shown}, and resubmit the same call"
            return f"send {field} as a JSON {kind} of its items, not as text, and resubmit the same call"
    return f"send {field} as {expected}, not as text{_fault(schema, at, value)}, and resubmit the same call"


def _readings(value: Any) -> list:
    """What decoded text may be meant as: a list as itself; an object as itself, or as the one
    item of an array of them."""
    return [value] if isinstance(value, list) else [value, [value]]


def _fault(schema: CompiledSchema, at: str, value: Any) -> str:
    """What is wrong with a decoded value at ``at``, as its first error says, where that is short enough."""
    error = schema.first_error(at, value)
    if error is None or len(error.message) > _SHOWN_LIMIT:
        return ""
    where = format_path(error.instance_path).removeprefix(ROOT).removeprefix(".")
    return f" (as sent, {where + ': ' if where else ''}{error.message})"


def _optional(root: Any, node_path: list, instance_path: list) -> bool:
    """Whether the value is a member its object does not require (`null` for an optional field)."""
    if not instance_path or not isinstance(instance_path[-1], str) or len(node_path) < 2 or node_path[-2] != "properties":
        return False
    parent = _walk(root, node_path[:-2])
    required = parent.get("required", []) if isinstance(parent, dict) else []
    return isinstance(required, list) and instance_path[-1] not in required


def _sent_for(missing: str, instance: Any, properties: Any) -> str | None:
    """The undeclared key of the call that near-misses the missing one (``loc`` for ``location``)."""
    if not isinstance(instance, dict) or not isinstance(properties, dict):
        return None
    undeclared = tuple(key for key in instance if isinstance(key, str) and key not in properties)
    matches = [key for key in undeclared[:MAX_ERRORS] if _near_miss(key, missing)]
    return matches[0] if len(matches) == 1 else None


def _near_miss(sent: str, declared: str) -> bool:
    """A key a model plausibly meant as ``declared``: the same words in another case or style
    (``userId``, ``user_id``), a misspelling, or a clipped form of at least three characters
    (``loc`` for ``location``)."""
    if len(sent) > KEY_LIMIT or len(declared) > KEY_LIMIT:
        return False
    folded, wanted = _words(sent), _words(declared)
    if folded == wanted or _close_match(sent, (declared,)) is not None:
        return True
    return len(folded) >= 3 and wanted.startswith(folded)


def _words(key: str) -> str:
    return key.replace("_", "").replace("-", "").lower()


def _unexpected(path: str, key: str, reason: str, allowed: list[str], sent: Any) -> Problem:
    """The problem of an undeclared key: remove it, or rename it to the declared one it near-misses,
    where the call does not hold that one already (renamed, `Title` would overwrite `title`)."""
    expected = f"only these properties: {listed(allowed, len(allowed), 'properties')}" if allowed \
        else "no properties other than those declared"
    free = tuple(name for name in allowed if not (isinstance(sent, dict) and name in sent))
    near = [name for name in free if _near_miss(key, name)]
    guess = near[0] if len(near) == 1 else _close_match(key, free)
    rename = f" (or rename it to {guess} if that is what you meant)" if guess else ""
    return Problem(child(path, key), reason, expected, f"remove {_short(key)}{rename} and resubmit the same call")


@functools.lru_cache(maxsize=1024)
def _close_match(key: str, allowed: tuple[str, ...]) -> str | None:
    """The declared property an unknown key most likely misspells; models repeat their misspellings."""
    found = difflib.get_close_matches(key, allowed, n=1)
    return found[0] if found else None


_LIMITS = {"minLength": ("at least {} long", "character"), "maxLength": ("at most {} long", "character"),
           "minItems": ("at least {}", "item"), "maxItems": ("at most {}", "item"),
           "minProperties": ("at least {}", "property"), "maxProperties": ("at most {}", "property")}
_BOUNDS = {"minimum": "{} at least {}", "maximum": "{} at most {}",
           "exclusiveMinimum": "{} greater than {}", "exclusiveMaximum": "{} less than {}"}


def _number_noun(node: Any) -> str:
    """"an integer" where the subschema takes no other number: told "a number greater than 0",
    a model may resubmit 0.5."""
    declared = node.get("type") if isinstance(node, dict) else None
    types = {declared} if isinstance(declared, str) else set(declared) if isinstance(declared, list) else set()
    return "an integer" if "integer" in types and "number" not in types else "a number"


def _expected(name: str, kind: Any, node: Any, schema: CompiledSchema) -> str:
    if name == "enum":
        return one_of(kind.options)
    if name == "const":
        return f"exactly {shown(render(kind.expected_value))}"
    if name == "format":
        return FORMATS.get(kind.format, f"a string in {kind.format} format")
    if name == "pattern":
        # Read from the schema: a value that ran the matcher past its backtracking budget
        # (`BacktrackLimitExceeded`, also named "pattern") carries no pattern, and may match.
        if isinstance(kind, jsonschema_rs.ValidationErrorKind.Pattern):
            return f"a string matching the pattern {shown(kind.pattern)}"
        return (f"a string matching the pattern {shown(str(_keyword(node, 'pattern')))} that can be checked quickly "
                "(this value took too long to match: send a shorter or simpler one)")
    if name in _LIMITS:
        text, unit = _LIMITS[name]
        return text.format(count(kind.limit, unit))
    if name in _BOUNDS:
        return _BOUNDS[name].format(_number_noun(node), shown(render(kind.limit)))
    if name == "multipleOf":
        return f"a multiple of {shown(render(kind.multiple_of))}"
    if name == "uniqueItems":
        return "an array without duplicate items"
    if name == "contains":
        return f"an array with at least one item that is {_described(schema, _keyword(node, 'contains'))}"
    if name == "not":
        return f"a value that is not {describe(kind.schema, schema.schema)}"
    if isinstance(kind, jsonschema_rs.ValidationErrorKind.OneOfMultipleValid):
        return f"a value matching exactly one of: {_described(schema, node)}"
    return _described(schema, node)


def _described(schema: CompiledSchema, node: Any) -> str:
    """:func:`describe` of a subschema of ``schema`` (or ``True`` or ``None``), written once per
    schema: models repeat their mistakes, and a phrase takes longer to write than to look up."""
    kept = schema.phrases.get(id(node))
    if kept is None or kept[0] is not node:  # the node is kept with its phrase: its id cannot be reused
        kept = schema.phrases[id(node)] = (node, describe(node, schema.schema))
    return kept[1]


_REPAIRS = {"enum": "use one of the allowed values for {field}", "falseSchema": "remove {field}",
            "type": "send {field} as {expected}", "format": "send {field} as {expected}",
            "minLength": "make {field} {expected}", "maxLength": "make {field} {expected}",
            "minItems": "give {field} {expected}", "maxItems": "give {field} {expected}",
            "minProperties": "give {field} {expected}", "maxProperties": "give {field} {expected}",
            "uniqueItems": "remove the duplicate items from {field}"}


def _repair(reason: str, field: str, expected: str) -> str:
    sentence = _REPAIRS.get(reason, "change {field} to {expected}").format(field=field, expected=expected)
    return sentence + " and resubmit the same call"


def _declared(root: Any, node_path: list, name: str) -> Any:
    """The schema declared for property ``name`` at ``node_path`` or the nearest schema above it."""
    for depth in range(len(node_path), -1, -1):
        properties = _keyword(_walk(root, node_path[:depth]), "properties")
        if isinstance(properties, dict) and name in properties:
            return properties[name]
    return True


def _keyword(node: Any, keyword: str) -> Any:
    return node.get(keyword, True) if isinstance(node, dict) else True


def _walk(root: Any, steps: list) -> Any:
    """The subschema at a validator's schema path, or ``None``."""
    try:
        return pointer.resolve_steps(root, steps)
    except LookupError:
        return None


def _field(instance_path: list) -> str:
    """How the repair sentence names the value: its key, ``item 2 of tags``, or ``the arguments``."""
    if not instance_path:
        return "the arguments"
    last = instance_path[-1]
    if isinstance(last, int):
        owner = next((_short(str(s)) for s in reversed(instance_path) if not isinstance(s, int)), "the arguments")
        return f"item {last} of {owner}"
    return _short(str(last))


def _short(name: str) -> str:
    """A key as a repair names it: clipped, and quoted where it is blank (`remove "" and …`)."""
    if not name.strip():
        return json.dumps(name)
    return name if len(name) <= KEY_LIMIT else name[:KEY_LIMIT] + "…"
