"""Classify the changes between two versions of one argument schema (or, turned round
for the side that receives them, of one results schema: `compare_results`).

A change is **breaking** when some call valid before is invalid after (a property newly
required, a type, enum, bound, pattern or format narrowed or added, an object closed, a
keyword added: a schema is the conjunction of its keywords, so one more — `allOf`, an
`if`/`then`, `dependentRequired`, `not`, or one this module does not know, which a
validator that knows it may enforce — can only narrow what it accepts), **widening** when
every call valid before stays valid (the reverse of those), and just **changed** when this
module cannot tell: a rewritten `anyOf`, a `$ref` swapped for an inline schema, a keyword
that went, a composition that came where a constraint went (it may restate it), a `pattern`
changed unless a string the old schema offers (its examples, default, enum) shows it. It never
claims widening it has not shown; what it says "changed" a person must read. Annotations
(`description`, `title`, `default`, `examples` ...) do not change what validates and are
not reported, and neither are rewrites that accept the same calls (a generator's next
version writes them): `const` for an `enum` of one, `1.0` for `1`, `{}` for `true`, a `type`
restating the `enum`, a keyword at its no-op value (`minLength: 0`), a number's bound spelt
with the other of `minimum`/`exclusiveMinimum`.
"""

from __future__ import annotations

import json
import math
from dataclasses import dataclass
from fractions import Fraction
from typing import Any

from schema_lint.schema.keywords import ANNOTATIONS, declared_draft
from schema_lint.schema.pointer import join
from schema_lint.schema.refs import references
from schema_lint.schema.walk import walk

BREAKING, WIDENING, CHANGED = "breaking", "widening", "changed"
# A results schema that allows fewer results: nothing a client handles today goes away.
NARROWING = "narrowing"
_ANNOTATIONS = ANNOTATIONS | {"$id", "$schema", "$anchor"}
# Upper bounds (a smaller value, or a new one, narrows) and lower bounds (the reverse).
_UPPER = frozenset({"maxLength", "maxItems", "maxProperties", "maximum", "exclusiveMaximum", "maxContains"})
_LOWER = frozenset({"minLength", "minItems", "minProperties", "minimum", "exclusiveMinimum", "minContains"})
# Keywords holding one subschema, and ones holding a map of them, compared member by member.
_SUBSCHEMA = ("items", "additionalProperties", "not", "contains", "propertyNames", "if", "then", "else",
              "unevaluatedProperties", "unevaluatedItems")
_SCHEMA_MAPS = ("properties", "patternProperties", "$defs", "definitions", "dependentSchemas")
_COMPOSITIONS = ("allOf", "anyOf", "oneOf", "not", "if")
# Keywords whose arrival may let through what was rejected, or that validate nothing:
# `$ref` (draft-07 ignores its siblings), OpenAPI's `nullable: true`, `prefixItems` (moves
# where `items` applies), and hints. Any other keyword added narrows or changes nothing.
_ADDED_UNSURE = frozenset({"$ref", "$dynamicRef", "$recursiveRef", "nullable", "prefixItems", "$dynamicAnchor",
                           "$recursiveAnchor", "$vocabulary", "discriminator", "xml", "externalDocs",
                           "propertyOrdering", "contentMediaType", "contentEncoding", "contentSchema"})
# Keywords whose subschemas mark properties or items as evaluated: under `unevaluatedProperties`
# or `unevaluatedItems` a new one can admit what those rejected.
_EVALUATING = frozenset({"allOf", "anyOf", "oneOf", "if", "then", "else", "items", "contains"})
# Keywords whose value here validates nothing (`minLength: 0`, what a generator writes for
# `min_length=0`): added or removed with it, nothing changes.
_NO_OP = {"minLength": 0, "minItems": 0, "minProperties": 0, "uniqueItems": False}
# The numeric bounds, as (inclusive, exclusive) keywords of each side.
_NUMERIC_SIDES = (("minimum", "exclusiveMinimum", True), ("maximum", "exclusiveMaximum", False))


@dataclass(frozen=True)
class Change:
    pointer: str
    kind: str
    what: str


def compare(old: Any, new: Any, pointer: str = "") -> list[Change]:
    """Every change from `old` to `new` that can change what validates, at its pointer."""
    if _same(old, new) or (old is True and _switch(new) is True) or (new is True and _switch(old) is True):
        return []  # `true` and `{}` accept the same
    if not isinstance(old, dict) or not isinstance(new, dict):
        return _boolean_schema(old, new, pointer)
    nullable = _null_added_or_removed(old, new, pointer)
    if nullable is not None:
        return nullable
    changes: list[Change] = []
    done = set(_ANNOTATIONS)
    changes += _types(old, new, pointer)
    changes += _required(old, new, pointer)
    changes += _values(old, new, pointer)
    changes += _bounds(old, new, pointer)
    changes += _closed(old, new, pointer)
    done |= {"type", "required", "enum", "const", "additionalProperties", *_UPPER, *_LOWER}
    for key in ("pattern", "format"):
        done.add(key)
        changes += _added_narrows(old, new, pointer, key)
    unused = _unused_definitions(old, new) if not pointer else frozenset()
    for key in _SCHEMA_MAPS:
        done.add(key)
        changes += [c for c in _schema_map(old, new, pointer, key) if not _under(c.pointer, unused)]
    for key in _SUBSCHEMA:
        if key == "additionalProperties" and not (isinstance(old.get(key), dict) and isinstance(new.get(key), dict)):
            continue  # true/false/absent: `_closed` said it
        done.add(key)
        if _sees_nothing(old, key) or _sees_nothing(new, key):
            continue
        if key in old and key in new:
            inner = compare(old[key], new[key], join(pointer, key))
            # Under `not` a narrowing widens; a changed `if` moves which calls `then` applies to.
            changes += _unsure(inner, BREAKING, WIDENING) if key in ("not", "if") else inner
        elif key in new:
            changes += _added(old, new, pointer, key)
        elif key in old:
            changes.append(Change(join(pointer, key), CHANGED, f"`{key}` removed"))
    for key in ("anyOf", "allOf", "oneOf"):
        done.add(key)
        added = key in new and key not in old
        changes += _added(old, new, pointer, key) if added else _branches(old, new, pointer, key)
    for key in ("dependentRequired", "dependencies"):
        done.add(key)
        changes += _dependencies(old, new, pointer, key)
    done |= {"multipleOf", "prefixItems", *_NO_OP}
    changes += _multiple_of(old, new, pointer)
    changes += _prefix_items(old, new, pointer)
    changes += _unique_items(old, new, pointer)
    changes += _dialect(old, new, pointer)
    changes += _default(old, new, pointer)
    for key in sorted((set(old) | set(new)) - done, key=str):  # YAML keys may be numbers
        if key in new and key not in old:
            changes += _added(old, new, pointer, key)
        elif not _same(old.get(key), new.get(key)):
            changes.append(Change(join(pointer, key), CHANGED, f"`{key}` {_verb(old, new, key)}"))
    if _restructured(old, new, changes):
        return _unsure(changes, BREAKING, WIDENING)
    return changes


def compare_results(old: Any, new: Any) -> list[Change]:
    """Every change to an MCP tool's results schema (`outputSchema`; None when it has none),
    at `/outputSchema/...`, classed from the client's side, which receives the results: a
    change is **breaking** when the server may now return a result the old schema did not
    allow (a client written against it may not handle it), **narrowing** when every result
    allowed after was allowed before. That is the argument classes turned round (a new
    `required` member or a lower `maxLength` narrows; a schema that is gone, so any result,
    breaks), read in both directions: a swapped `type` or `enum` narrows one way and widens
    the other, and `compare` names only the first."""
    before, after = True if old is None else old, True if new is None else new
    widened_at = {change.pointer for change in compare(after, before) if change.kind == BREAKING}
    kinds = {BREAKING: NARROWING, WIDENING: BREAKING, CHANGED: CHANGED}
    return [Change("/outputSchema" + c.pointer, BREAKING if c.pointer in widened_at else kinds[c.kind], c.what)
            for c in compare(before, after)]


def _restructured(old: dict, new: dict, changes: list[Change]) -> bool:
    """Whether constraints may have moved between this node and another schema: a `$ref`
    changed, a composition keyword went, or one came while something else here did not
    narrow. A keyword added may then restate what the reference or the branch said, so
    neither narrowing nor widening is shown. A composition added where nothing else changed
    but narrowed only adds a constraint: that is breaking."""
    if any(not _same(old.get(key), new.get(key)) for key in ("$ref", "$dynamicRef")) or \
            any(key in old and key not in new for key in _COMPOSITIONS):
        return True
    return any(key in new and key not in old for key in _COMPOSITIONS) and \
        any(change.kind != BREAKING for change in changes)


def _same(a: Any, b: Any) -> bool:
    return _canonical(a) == _canonical(b)


def _canonical(value: Any) -> str:
    """The value's JSON text with its keys sorted: what two values are compared by. Numbers
    are equal as JSON Schema compares them (`1.0` is `1`). A YAML mapping may have keys that
    are numbers, which do not sort with strings: written as text."""
    value = _integral(value)
    try:
        return json.dumps(value, sort_keys=True, default=repr)
    except TypeError:
        return json.dumps(_text_keys(value), sort_keys=True, default=repr)


def _integral(value: Any) -> Any:
    """`value` with each float that is a whole number written as an int."""
    if isinstance(value, float) and value.is_integer():
        return int(value)
    if isinstance(value, dict):
        return {key: _integral(member) for key, member in value.items()}
    if isinstance(value, list):
        return [_integral(item) for item in value]
    return value


def _text_keys(value: Any) -> Any:
    if isinstance(value, dict):
        return {str(key): _text_keys(member) for key, member in value.items()}
    if isinstance(value, list):
        return [_text_keys(item) for item in value]
    return value


def _verb(old: dict, new: dict, key: str) -> str:
    return "added" if key not in old else "removed" if key not in new else "changed"


def _boolean_schema(old: Any, new: Any, pointer: str) -> list[Change]:
    if old is True or new is False:  # everything was valid, or nothing is
        return [Change(pointer, BREAKING, "the schema now rejects values it accepted")] if new is not True else []
    if new is True or old is False:
        return [Change(pointer, WIDENING, "the schema now accepts any value")]
    return [Change(pointer, CHANGED, "the schema was replaced")]


def _type_set(schema: dict) -> set[str] | None:
    declared = schema.get("type")
    if declared is None:
        return None
    if isinstance(declared, str):
        return {declared}
    # A name that is no string (an invalid schema, SL001's finding) is compared by its JSON text.
    return {t if isinstance(t, str) else _canonical(t) for t in declared} \
        if isinstance(declared, list) else None


def _compared_types(schema: dict) -> set[str] | None:
    """The schema's types as the values they take: `integer` beside `number` says nothing
    more, and `number` is read as `integer` where a whole `multipleOf` lets only integers
    through (`{type: number, multipleOf: 1}` is what some generators write for `int`)."""
    types = _type_set(schema)
    if types is None or "number" not in types:
        return types
    if _whole(schema.get("multipleOf")):
        return types - {"number"} | {"integer"}
    return types - {"integer"}


def _whole(value: Any) -> bool:
    """A whole number of 1 or more (an int of any size: no float is made of it)."""
    return _plain_number(value) and value >= 1 and (isinstance(value, int) or value.is_integer())


def _takes_only_integers(schema: dict) -> bool:
    """Whether every number the schema takes is an integer (None of `type`: any number)."""
    types = _compared_types(schema)
    return types is not None and "number" not in types


def _allows(types: set[str], name: str) -> bool:
    return name in types or (name == "integer" and "number" in types)


def _types(old: dict, new: dict, pointer: str) -> list[Change]:
    before, after = _compared_types(old), _compared_types(new)
    if before == after or _type_set(old) == _type_set(new):
        return []  # the same, or the same words with a `multipleOf` that `_multiple_of` compares
    where = join(pointer, "type")
    if after is None:
        if before is not None and _restates(before, new):
            return []
        return [Change(where, WIDENING if "type" not in new else CHANGED, "`type` removed")]
    if before is None:
        if _restates(after, old):
            return []
        return [Change(where, BREAKING, f"`type` {_names(after)} added")]
    lost = sorted(t for t in before if not _allows(after, t))
    if lost:
        return [Change(where, BREAKING, f"`type` {_names(before)} → {_names(after)}: {', '.join(lost)} no longer accepted")]
    return [Change(where, WIDENING, f"`type` {_names(before)} → {_names(after)}")]


def _names(types: set[str]) -> str:
    return "/".join(sorted(types))


def _restates(types: set[str], schema: dict) -> bool:
    """Whether `type` would restate what the `enum` or `const` of `schema` already allows."""
    values = _values_of(schema)
    return values is not None and all(_allows(types, _json_type(value)) for value in values)


def _json_type(value: Any) -> str:
    if value is None:
        return "null"
    if isinstance(value, bool):
        return "boolean"
    if isinstance(value, int) or isinstance(value, float) and value.is_integer():
        return "integer"
    return {float: "number", str: "string", list: "array", dict: "object"}.get(type(value), "unknown")


def _values_of(schema: dict) -> list | None:
    """The values an `enum`, or a `const`, allows (None for neither, or for an `enum` that is no list)."""
    if "enum" in schema:
        return schema["enum"] if isinstance(schema["enum"], list) else None
    return [schema["const"]] if "const" in schema else None


def _required(old: dict, new: dict, pointer: str) -> list[Change]:
    before, after = old.get("required", []), new.get("required", [])
    if not (isinstance(before, list) and isinstance(after, list)):
        return [] if _same(before, after) else [Change(join(pointer, "required"), CHANGED, "`required` changed")]
    where = join(pointer, "required")
    changes = [Change(where, BREAKING, f"`{name}` is now required") for name in after if name not in before]
    changes += [Change(where, WIDENING, f"`{name}` is no longer required") for name in before if name not in after]
    return changes


def _values(old: dict, new: dict, pointer: str) -> list[Change]:
    """`enum` and `const`, compared as the values they allow: `const: "a"` is `enum: ["a"]`."""
    before_values, after_values = _values_of(old), _values_of(new)
    if ("enum" in old) != ("enum" in new) and ("const" in old) != ("const" in new) and \
            before_values is not None and after_values is not None:
        return _enum(before_values, after_values, join(pointer, "enum" if "enum" in new else "const"))
    changes = []
    if not _same(old.get("enum"), new.get("enum")):
        where = join(pointer, "enum")
        before, after = old.get("enum"), new.get("enum")
        if not isinstance(after, list):
            changes.append(Change(where, WIDENING if "enum" not in new else CHANGED, "`enum` removed"))
        elif not isinstance(before, list):
            changes.append(Change(where, BREAKING, "`enum` added"))
        else:
            changes += _enum(before, after, where)
    if not _same(old.get("const"), new.get("const")) or ("const" in old) != ("const" in new):
        where = join(pointer, "const")
        kind = WIDENING if "const" not in new else BREAKING
        changes.append(Change(where, kind, f"`const` {_verb(old, new, 'const')}"))
    return changes


def _enum(before: list, after: list, where: str) -> list[Change]:
    kept = {_canonical(v) for v in after}
    lost = [v for v in before if _canonical(v) not in kept]
    if lost:
        return [Change(where, BREAKING, f"`enum` no longer allows {_shown(lost)}")]
    if len(kept) > len({_canonical(v) for v in before}):
        return [Change(where, WIDENING, "`enum` allows more values")]
    return []  # the same values in another order (or repeated): the same calls validate


def _default(old: dict, new: dict, pointer: str) -> list[Change]:
    """A `default` is an annotation, but the server fills it in for a call that leaves the
    field out: changed, the same call does something else (`state: open` → `closed` lists
    other issues)."""
    if ("default" in old) == ("default" in new) and _same(old.get("default"), new.get("default")):
        return []
    if "default" in old and "default" in new:
        shown = f"{_shown([old['default']])} → {_shown([new['default']])}"
        return [Change(join(pointer, "default"), CHANGED,
                       f"`default` {shown}: a call that leaves it out now gets the new value")]
    return [Change(join(pointer, "default"), CHANGED, f"`default` {_verb(old, new, 'default')}")]


def _shown(values: list) -> str:
    text = ", ".join(json.dumps(v, ensure_ascii=False, default=repr) for v in values[:5])
    return text + (f" and {len(values) - 5} more" if len(values) > 5 else "")


def _bounds(old: dict, new: dict, pointer: str) -> list[Change]:
    if _integer_range(old) is not None and _integer_range(old) == _integer_range(new):
        return []  # `minimum: 1` → `exclusiveMinimum: 0` on an integer (pydantic's ge=1 → gt=0)
    old, new = _without_no_ops(old), _without_no_ops(new)
    changes = []
    done: set[str] = set()
    for inclusive, exclusive, lower in _NUMERIC_SIDES:
        side = _numeric_side(old, new, pointer, inclusive, exclusive, lower)
        if side is not None:
            changes += side
            done |= {inclusive, exclusive}
    for key in sorted((_UPPER | _LOWER) - done):
        before: Any = old.get(key)  # any JSON value: compared below only when both are numbers
        after: Any = new.get(key)
        if _same(before, after) or (key not in old and key not in new):
            continue
        where = join(pointer, key)
        numbers = all(isinstance(v, (int, float)) and not isinstance(v, bool) for v in (before, after))
        if key not in new:
            changes.append(Change(where, WIDENING, f"`{key}` {before} removed"))
        elif key not in old:
            changes.append(Change(where, BREAKING, f"`{key}: {after}` added"))
        elif not numbers:
            changes.append(Change(where, CHANGED, f"`{key}` changed"))
        else:
            narrower = after < before if key in _UPPER else after > before
            changes.append(Change(where, BREAKING if narrower else WIDENING, f"`{key}` {before} → {after}"))
    return changes


def _without_no_ops(schema: dict) -> dict:
    if not any(key in schema and _same(schema[key], value) for key, value in _NO_OP.items()):
        return schema
    return {key: value for key, value in schema.items() if not (key in _NO_OP and _same(value, _NO_OP[key]))}


def _numeric_side(old: dict, new: dict, pointer: str, inclusive: str, exclusive: str,
                  lower: bool) -> list[Change] | None:
    """One side of a number's range as its two keywords state it together: `exclusiveMinimum:
    0` → `minimum: 0` lets 0 through, `maximum: 10` → `exclusiveMaximum: 11` lets 10.5. None
    where a bound is no plain number (draft 4's boolean `exclusiveMinimum`): compared keyword
    by keyword instead."""
    before, after = _effective(old, inclusive, exclusive, lower), _effective(new, inclusive, exclusive, lower)
    if before is _UNKNOWN or after is _UNKNOWN:
        return None
    if before == after or not (_may_be_a_number(old) or _may_be_a_number(new)):
        return []  # the same bound, or one on a schema no number passes: it holds nothing
    key = exclusive if after is not None and after[1] else inclusive
    where = join(pointer, key if key in new else (exclusive if exclusive in old else inclusive))
    if after is None:
        return [Change(where, WIDENING, f"`{_bound_text(before, inclusive, exclusive)}` removed")]
    if before is None:
        return [Change(where, BREAKING, f"`{_bound_text(after, inclusive, exclusive)}` added")]
    # At the same value, the exclusive bound is the narrower.
    narrower = (after[0], after[1]) > (before[0], before[1]) if lower else (-after[0], after[1]) > (-before[0], before[1])
    return [Change(where, BREAKING if narrower else WIDENING,
                   f"`{_bound_text(before, inclusive, exclusive)}` → `{_bound_text(after, inclusive, exclusive)}`")]


_UNKNOWN: Any = ("unknown",)


def _effective(schema: dict, inclusive: str, exclusive: str, lower: bool) -> Any:
    """The bound `schema` sets on one side, as (value, exclusive), the narrower of its two
    keywords; None for no bound, `_UNKNOWN` for one that is no finite plain number."""
    bounds = [(schema[key], key == exclusive) for key in (inclusive, exclusive) if key in schema]
    if any(not _plain_number(value) for value, _ in bounds):
        return _UNKNOWN
    if not bounds:
        return None
    return max(bounds) if lower else min(bounds, key=lambda bound: (bound[0], not bound[1]))


def _may_be_a_number(schema: dict) -> bool:
    types = _type_set(schema)
    return types is None or bool(types & {"number", "integer"})


def _plain_number(value: Any) -> bool:
    return isinstance(value, (int, float)) and not isinstance(value, bool) and \
        not (isinstance(value, float) and not math.isfinite(value))


def _bound_text(bound: tuple, inclusive: str, exclusive: str) -> str:
    return f"{exclusive if bound[1] else inclusive}: {bound[0]}"


def _integer_range(schema: dict) -> tuple | None:
    """The least and greatest integer an integer schema's bounds admit (None for no bound),
    whichever of `minimum`/`exclusiveMinimum` states them (`("none",)` when they admit none);
    None for another schema, or
    bounds that are not plain numbers (draft 4's boolean `exclusiveMinimum`)."""
    types = _type_set(schema)
    if types is None or "integer" not in types or "number" in types:  # `["integer", "null"]` too
        return None
    bounds = {key: schema[key] for key in ("minimum", "exclusiveMinimum", "maximum", "exclusiveMaximum")
              if key in schema}
    # An int is always finite, and may be past a float's range (`10**400`): isfinite would overflow.
    if any(isinstance(v, bool) or not isinstance(v, (int, float)) or (isinstance(v, float) and not math.isfinite(v))
           for v in bounds.values()):
        return None
    lows = [math.ceil(bounds["minimum"])] if "minimum" in bounds else []
    lows += [math.floor(bounds["exclusiveMinimum"]) + 1] if "exclusiveMinimum" in bounds else []
    highs = [math.floor(bounds["maximum"])] if "maximum" in bounds else []
    highs += [math.ceil(bounds["exclusiveMaximum"]) - 1] if "exclusiveMaximum" in bounds else []
    low, high = max(lows, default=None), min(highs, default=None)
    return ("none",) if low is not None and high is not None and low > high else (low, high)


def _closed(old: dict, new: dict, pointer: str) -> list[Change]:
    """`additionalProperties` as a switch: absent or true (open), false (closed)."""
    before, after = _switch(old.get("additionalProperties", True)), _switch(new.get("additionalProperties", True))
    if _same(before, after) or (isinstance(before, dict) and isinstance(after, dict)):
        return []
    where = join(pointer, "additionalProperties")
    if after is False:
        return [Change(where, BREAKING, "the object is now closed (`additionalProperties: false`)")]
    if after is True and before is not True:
        return [Change(where, WIDENING, "the object now accepts undeclared keys")]
    if before is True and isinstance(after, dict) and not _judges_evaluated(new):
        return [Change(where, BREAKING, "undeclared keys must now match `additionalProperties`")]
    return [Change(where, CHANGED, "`additionalProperties` changed")]


def _switch(schema: Any) -> Any:
    """`additionalProperties` as `_closed` reads it: a schema of annotations only (`{}`)
    accepts every value, as `true` does."""
    return True if isinstance(schema, dict) and set(schema) <= _ANNOTATIONS else schema


def _added_narrows(old: dict, new: dict, pointer: str, key: str) -> list[Change]:
    if _same(old.get(key), new.get(key)):
        return []
    where = join(pointer, key)
    if key not in old:
        return [Change(where, BREAKING, f"`{key}` added")]
    if key not in new:
        return [Change(where, WIDENING, f"`{key}` removed")]
    if key == "pattern":
        refused = _refused_example(old, new)
        if refused is not None:
            return [Change(where, BREAKING, f"`pattern` changed: {json.dumps(refused, ensure_ascii=False)[:80]}, "
                                            "which the old one took, no longer matches")]
    return [Change(where, CHANGED, f"`{key}` changed")]


def _refused_example(old: dict, new: dict) -> str | None:
    """A string the schema itself offers (its `examples`, `default`, `enum` or `const`) that the
    old `pattern` matches and the new one does not: a call the change breaks. None when no such
    string is known, since whether one pattern takes all another does is not decided here."""
    from schema_lint.schema.patterns import search

    before, after = old.get("pattern"), new.get("pattern")
    if not (isinstance(before, str) and isinstance(after, str)):
        return None
    examples = old.get("examples")
    offered = [*(examples if isinstance(examples, list) else []), old.get("default"), *(_values_of(old) or [])]
    for text in offered[:64]:
        if isinstance(text, str) and search(before, text) is True and search(after, text) is False:
            return text
    return None


def _added(old: dict, new: dict, pointer: str, key: str) -> list[Change]:
    """A keyword `new` has and `old` has not: it narrows what validates, or changes nothing
    (a keyword unknown here counts as narrowing: a validator that knows it may enforce it),
    except those that can widen or validate nothing (`_ADDED_UNSURE`), an `if` or its
    `then`/`else` without the other, and what `unevaluatedProperties`/`unevaluatedItems`
    may now see as evaluated."""
    where = join(pointer, key)
    conditional = {"then", "else"} & new.keys()
    if key == "if" and conditional and not conditional & old.keys():
        return []  # its `then` or `else`, added with it, says it
    if key in _ADDED_UNSURE or (key in ("then", "else") and "if" not in new) or (key == "if" and not conditional) \
            or (key in _EVALUATING and _judges_evaluated(new)):
        return [Change(where, CHANGED, f"`{key}` added")]
    if key == "if":
        return [Change(where, BREAKING, "`if` added: its `then` or `else` now applies")]
    if key in ("then", "else"):
        return [Change(where, BREAKING, f"`{key}` added: a call that {'matches' if key == 'then' else 'fails'} "
                                        f"`if` must now match `{key}`")]
    return [Change(where, BREAKING, f"`{key}` added: a call must now also satisfy it")]


def _sees_nothing(schema: dict, key: str) -> bool:
    """Whether `unevaluatedProperties` there has no property left to judge: a sibling
    `additionalProperties` evaluates every property that `properties` does not."""
    return key == "unevaluatedProperties" and "additionalProperties" in schema


def _judges_evaluated(schema: dict) -> bool:
    """Whether `schema` rejects what its other keywords did not evaluate: a subschema added
    beside `unevaluatedProperties` or `unevaluatedItems` can then let more through."""
    return "unevaluatedProperties" in schema or "unevaluatedItems" in schema


def _dependencies(old: dict, new: dict, pointer: str, key: str) -> list[Change]:
    """`dependentRequired`, or draft-07's `dependencies`, member by member: a name newly required
    when another is given (or a new schema a call that gives it must satisfy) breaks a call that
    gave the one without the other; a name no longer required widens."""
    before, after = old.get(key, {}), new.get(key, {})
    if not (isinstance(before, dict) and isinstance(after, dict)):
        return [] if _same(before, after) else [Change(join(pointer, key), CHANGED, f"`{key}` changed")]
    changes = []
    for given in [*before, *(name for name in after if name not in before)]:
        was, now, where = before.get(given, []), after.get(given, []), join(pointer, key, given)
        if _same(was, now):
            continue
        if given not in before and not isinstance(now, list):  # a schema (`dependencies`) came
            changes.append(Change(where, BREAKING, f"a call that gives `{given}` must now also satisfy its schema"))
            continue
        if not (isinstance(was, list) and isinstance(now, list)):
            changes.append(Change(where, CHANGED, f"what a call that gives `{given}` must satisfy changed"))
            continue
        changes += [Change(where, BREAKING, f"`{name}` is now required when `{given}` is given")
                    for name in now if name not in was]
        changes += [Change(where, WIDENING, f"`{name}` is no longer required when `{given}` is given")
                    for name in was if name not in now]
    return changes


def _schema_map(old: dict, new: dict, pointer: str, key: str) -> list[Change]:
    before, after = old.get(key, {}), new.get(key, {})
    if not (isinstance(before, dict) and isinstance(after, dict)):
        return [] if _same(before, after) else [Change(join(pointer, key), CHANGED, f"`{key}` changed")]
    changes = []
    closed = old.get("additionalProperties") is False and new.get("additionalProperties") is False
    for name in [*before, *(n for n in after if n not in before)]:
        where = join(pointer, key, name)
        if name in before and name in after:
            changes += compare(before[name], after[name], where)
        elif key == "dependentSchemas" and name in after and not _judges_evaluated(new):
            changes.append(Change(where, BREAKING, f"a call that gives `{name}` must now also satisfy its schema"))
        elif key != "properties":
            changes.append(Change(where, CHANGED, f"`{name}` {'removed' if name in before else 'added'}"))
        elif name in after:
            # A new optional key widens a closed object; in an open one it was any value before.
            changes.append(Change(where, WIDENING if closed else CHANGED, f"property `{name}` added"))
        else:
            changes.append(Change(where, BREAKING if closed else CHANGED, f"property `{name}` removed"))
    return changes


def _branches(old: dict, new: dict, pointer: str, key: str) -> list[Change]:
    before, after = old.get(key), new.get(key)
    if _same(before, after):
        return []
    where = join(pointer, key)
    if not (isinstance(before, list) and isinstance(after, list)):
        return [Change(where, CHANGED, f"`{key}` {_verb(old, new, key)}")]
    old_set = {_canonical(b) for b in before}
    new_set = {_canonical(b) for b in after}
    if key == "oneOf" and new_set < old_set:
        # A call that matched exactly a removed branch now matches none.
        return [Change(where, BREAKING, "`oneOf` has fewer branches: a call only a removed branch took now fails")]
    if key != "oneOf" and old_set != new_set and (old_set <= new_set or new_set <= old_set):
        more = old_set < new_set
        if key == "anyOf" and not more and all(_covered(branch, after) for branch in before
                                               if _canonical(branch) not in new_set):
            return []
        # More anyOf branches accept more; more allOf parts demand more.
        kind = (WIDENING if more else BREAKING) if key == "anyOf" else (BREAKING if more else WIDENING)
        return [Change(where, kind, f"`{key}` has {'more' if more else 'fewer'} branches")]
    if len(before) == len(after):
        if key == "allOf":
            return [c for index, (a, b) in enumerate(zip(before, after)) for c in compare(a, b, join(where, index))]
        changes = []
        for index, (a, b) in enumerate(zip(before, after)):
            inner = compare(a, b, join(where, index))
            # A narrowed anyOf branch breaks only calls no other branch takes, and a widened
            # oneOf branch may overlap another and so reject a call: sure only for a branch of
            # a type no other branch takes (`anyOf: [{type: string, maxLength: 5}, {type: integer}]`).
            sure = _alone_in_its_type(index, before, after)
            changes += inner if sure else _unsure(inner, BREAKING) if key == "anyOf" else _unsure(inner, BREAKING, WIDENING)
        return changes
    return [Change(where, CHANGED, f"`{key}` changed")]


def _covered(branch: Any, kept: list) -> bool:
    """Whether a kept `anyOf` branch takes every value `branch` takes: one that asks only a
    `type` allowing all of the branch's types (`anyOf: [{type: integer}, {type: number}]`
    loses nothing without its first branch), or that takes anything."""
    types = _type_set(branch) if isinstance(branch, dict) else None
    for other in kept:
        if other is True or _switch(other) is True:
            return True
        if types is not None and isinstance(other, dict) and set(other) - _ANNOTATIONS == {"type"}:
            other_types = _type_set(other)
            if other_types is not None and all(_allows(other_types, name) for name in types):
                return True
    return False


def _alone_in_its_type(index: int, before: list, after: list) -> bool:
    """Whether branch `index` takes, in both versions, only values of types that no other
    branch of either version takes: a call of those types then meets that branch alone."""
    def types(branch: Any) -> set[str] | None:
        found = _type_set(branch) if isinstance(branch, dict) else None
        return None if found is None else {"number" if name == "integer" else name for name in found}

    was, now = types(before[index]), types(after[index])
    if was is None or now is None:
        return False
    others = [types(branch) for version in (before, after) for at, branch in enumerate(version) if at != index]
    return all(other is not None and not other & (was | now) for other in others)


def _unsure(changes: list[Change], *kinds: str) -> list[Change]:
    """The changes, those of `kinds` said as "changed": their effect here cannot be shown."""
    return [Change(c.pointer, CHANGED, c.what) if c.kind in kinds else c for c in changes]


def _null_added_or_removed(old: dict, new: dict, pointer: str) -> list[Change] | None:
    """`anyOf: [X, {"type": "null"}]` on one side and X itself on the other (pydantic's
    `Optional[str]` against `str`): X compared with the other side, and `null` said lost or
    gained. None where neither or both are such a union."""
    inner_old, inner_new = _nullable_inner(old), _nullable_inner(new)
    union_on_both = any(key in old and key in new for key in ("anyOf", "oneOf"))
    if (inner_old is None) == (inner_new is None) or union_on_both:
        return None  # neither, both, or a union on both sides: its branches are compared
    if inner_old is not None:
        types = _type_set(new)
        if types is not None and "null" not in types:
            return compare(inner_old, new, pointer) + [Change(pointer, BREAKING, "`null` is no longer accepted")]
        return compare(inner_old, new, pointer) + [Change(pointer, CHANGED, "the `null` branch was removed")]
    types = _type_set(old)
    gained = [Change(pointer, WIDENING, "`null` is now accepted")] if types is not None and "null" not in types else []
    return compare(old, inner_new, pointer) + gained


def _nullable_inner(schema: dict) -> dict | None:
    """X of a schema that is `anyOf`/`oneOf` [X, `{"type": "null"}`] beside annotations and a
    `default` only, with those annotations; None for any other schema."""
    for key in ("anyOf", "oneOf"):
        branches = schema.get(key)
        if not (isinstance(branches, list) and len(branches) == 2) or \
                any(other not in _ANNOTATIONS and other not in ("default", key) for other in schema):
            continue
        nulls = [b for b in branches if isinstance(b, dict) and _type_set(b) == {"null"} and set(b) - _ANNOTATIONS <= {"type"}]
        if len(nulls) == 1:
            (inner,) = [b for b in branches if b is not nulls[0]]
            if isinstance(inner, dict):
                return {**{k: v for k, v in schema.items() if k != key}, **inner}
    return None


def _multiple_of(old: dict, new: dict, pointer: str) -> list[Change]:
    before: Any = old.get("multipleOf")  # any JSON value: compared as numbers only when both are
    after: Any = new.get("multipleOf")
    if _same(before, after):
        return []
    where = join(pointer, "multipleOf")
    if "multipleOf" not in new:
        if _takes_only_integers(new) and _divides_one(before):
            return []  # every integer the new schema takes was a multiple of it
        return [Change(where, WIDENING, f"`multipleOf` {before} removed")]
    if "multipleOf" not in old:
        if _takes_only_integers(old) and _divides_one(after):
            return []  # every integer the old schema took is a multiple of it
        return [Change(where, BREAKING, f"`multipleOf: {after}` added")]
    if not (_plain_number(before) and _plain_number(after) and before > 0 and after > 0):
        return [Change(where, CHANGED, "`multipleOf` changed")]
    if (Fraction(str(before)) / Fraction(str(after))).denominator == 1:
        return [Change(where, WIDENING, f"`multipleOf` {before} → {after}: every multiple of {before} still is one")]
    if _integer_range(old) is not None and before < 1:
        return [Change(where, CHANGED, "`multipleOf` changed")]  # on integers, below 1 it may allow them all
    return [Change(where, BREAKING, f"`multipleOf` {before} → {after}: {before} is no longer accepted")]


def _divides_one(step: Any) -> bool:
    """Whether every integer is a multiple of `step` (1, 0.5, 0.25 …)."""
    return _plain_number(step) and step > 0 and (1 / Fraction(str(step))).denominator == 1


def _prefix_items(old: dict, new: dict, pointer: str) -> list[Change]:
    """`prefixItems` position by position, as `items` is compared; another count of positions
    moves where `items` applies, which is not shown."""
    before, after = old.get("prefixItems"), new.get("prefixItems")
    if _same(before, after):
        return []
    if "prefixItems" not in old:
        return _added(old, new, pointer, "prefixItems")
    where = join(pointer, "prefixItems")
    if isinstance(before, list) and isinstance(after, list) and len(before) == len(after):
        return [c for index, (a, b) in enumerate(zip(before, after)) for c in compare(a, b, join(where, index))]
    return [Change(where, CHANGED, f"`prefixItems` {_verb(old, new, 'prefixItems')}")]


def _unique_items(old: dict, new: dict, pointer: str) -> list[Change]:
    """`uniqueItems`, absent the same as `false`."""
    before, after = old.get("uniqueItems", False), new.get("uniqueItems", False)
    if _same(before, after):
        return []
    where = join(pointer, "uniqueItems")
    if before is False and after is True:
        return [Change(where, BREAKING, "items must now be unique")]
    if before is True and after is False:
        return [Change(where, WIDENING, "items need no longer be unique")]
    return [Change(where, CHANGED, "`uniqueItems` changed")]


def _dialect(old: dict, new: dict, pointer: str) -> list[Change]:
    """The root's `$schema`: the dialect decides what some keywords mean (a `$ref`'s siblings,
    ignored by draft-07 and applied by 2019-09 on; `items` as a list; a boolean
    `exclusiveMinimum`), so the same keywords may validate otherwise."""
    if pointer or _same(old.get("$schema"), new.get("$schema")) or set(old) <= _ANNOTATIONS or set(new) <= _ANNOTATIONS:
        return []
    where = join(pointer, "$schema")
    ignored_before, ignored_after = declared_draft(old) in _REF_ALONE, declared_draft(new) in _REF_ALONE
    if ignored_before != ignored_after and _ref_beside_others(new if ignored_before else old):
        # Beside a `$ref`, draft 7 and earlier ignore every other keyword; later drafts apply them too.
        if ignored_before:
            return [Change(where, BREAKING, "`$schema` changed: the keywords beside a `$ref` now apply too")]
        return [Change(where, WIDENING, "`$schema` changed: the keywords beside a `$ref` are now ignored")]
    return [Change(where, CHANGED, f"`$schema` {_verb(old, new, '$schema')}: the dialect decides "
                                   "what some keywords mean ($ref's siblings, `items`)")]


# The drafts in which a `$ref` stands alone: its sibling keywords are ignored.
_REF_ALONE = frozenset({"draft-04", "draft-06", "draft-07"})


def _ref_beside_others(schema: dict) -> bool:
    """Whether a subschema holds a `$ref` and a keyword that validates beside it."""
    return any("$ref" in node.schema and set(node.schema) - _ANNOTATIONS - {"$ref", "default", "$defs", "definitions"}
               for node in walk(schema, "") if isinstance(node.schema, dict))


def _unused_definitions(old: dict, new: dict) -> frozenset[str]:
    """The pointers of the root's definitions (`/$defs/Legacy`) no reference of either version
    leads into: what validates nothing, changed or not. None is said unused where a reference
    is not a plain local pointer (an anchor, another document, one percent-encoded): it may
    lead anywhere."""
    refs = [ref for schema in (old, new) for node in walk(schema, "") for _, ref in references(node)]
    if any(not ref.startswith("#/") or "%" in ref for ref in refs):
        return frozenset()
    used = {"/".join(ref[1:].split("/")[:3]) for ref in refs}
    return frozenset(join("", key, name) for schema in (old, new) for key in ("$defs", "definitions")
                     if isinstance(schema.get(key), dict) for name in schema[key]) - used


def _under(pointer: str, prefixes: frozenset[str]) -> bool:
    return any(pointer == prefix or pointer.startswith(prefix + "/") for prefix in prefixes)
