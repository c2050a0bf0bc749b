"""Classify the changes between two versions of one argument schema (or, turned round
for the side that receives them, of one results schema: `compare_results`).

A change is **breaking** when some call valid before is invalid after (a property newly
required, a type, enum, bound, pattern or format narrowed or added, an object closed, a
keyword added: a schema is the conjunction of its keywords, so one more — `allOf`, an
`if`/`then`, `dependentRequired`, `not`, or one this module does not know, which a
validator that knows it may enforce — can only narrow what it accepts), **widening** when
every call valid before stays valid (the reverse of those), and just **changed** when this
module cannot tell: a rewritten `anyOf`, a `$ref` swapped for an inline schema, a keyword
that went, a composition that came where a constraint went (it may restate it). It never
claims widening it has not shown; what it says "changed" a person must read. Annotations
(`description`, `title`, `default`, `examples` ...) do not change what validates and are
not reported.
"""

from __future__ import annotations

import json
import math
from dataclasses import dataclass
from typing import Any

from schema_lint.schema.keywords import ANNOTATIONS
from schema_lint.schema.pointer import join

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


@dataclass(frozen=True)
class Change:
    pointer: str
    kind: str
    what: str


def compare(old: Any, new: Any, pointer: str = "") -> list[Change]:
    """Every change from `old` to `new` that can change what validates, at its pointer."""
    if _same(old, new):
        return []
    if not isinstance(old, dict) or not isinstance(new, dict):
        return _boolean_schema(old, new, pointer)
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
    for key in _SCHEMA_MAPS:
        done.add(key)
        changes += _schema_map(old, new, pointer, key)
    for key in _SUBSCHEMA:
        if key == "additionalProperties" and not (isinstance(old.get(key), dict) and isinstance(new.get(key), dict)):
            continue  # true/false/absent: `_closed` said it
        done.add(key)
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
    """The value's JSON text with its keys sorted: what two values are compared by. A YAML
    mapping may have keys that are numbers, which do not sort with strings: written as text."""
    try:
        return json.dumps(value, sort_keys=True, default=repr)
    except TypeError:
        return json.dumps(_text_keys(value), sort_keys=True, default=repr)


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


def _allows(types: set[str], name: str) -> bool:
    return name in types or (name == "integer" and "number" in types)


def _types(old: dict, new: dict, pointer: str) -> list[Change]:
    before, after = _type_set(old), _type_set(new)
    if before == after:
        return []
    where = join(pointer, "type")
    if after is None:
        return [Change(where, WIDENING if "type" not in new else CHANGED, "`type` removed")]
    if before is None:
        return [Change(where, BREAKING, f"`type` {_names(after)} added")]
    lost = sorted(t for t in before if not _allows(after, t))
    if lost:
        return [Change(where, BREAKING, f"`type` {_names(before)} → {_names(after)}: {', '.join(lost)} no longer accepted")]
    return [Change(where, WIDENING, f"`type` {_names(before)} → {_names(after)}")]


def _names(types: set[str]) -> str:
    return "/".join(sorted(types))


def _required(old: dict, new: dict, pointer: str) -> list[Change]:
    before, after = old.get("required", []), new.get("required", [])
    if not (isinstance(before, list) and isinstance(after, list)):
        return [] if _same(before, after) else [Change(join(pointer, "required"), CHANGED, "`required` changed")]
    where = join(pointer, "required")
    changes = [Change(where, BREAKING, f"`{name}` is now required") for name in after if name not in before]
    changes += [Change(where, WIDENING, f"`{name}` is no longer required") for name in before if name not in after]
    return changes


def _values(old: dict, new: dict, pointer: str) -> list[Change]:
    changes = []
    if not _same(old.get("enum"), new.get("enum")):
        where = join(pointer, "enum")
        before, after = old.get("enum"), new.get("enum")
        if not isinstance(after, list):
            changes.append(Change(where, WIDENING if "enum" not in new else CHANGED, "`enum` removed"))
        elif not isinstance(before, list):
            changes.append(Change(where, BREAKING, "`enum` added"))
        else:
            kept = {_canonical(v) for v in after}
            lost = [v for v in before if _canonical(v) not in kept]
            if lost:
                changes.append(Change(where, BREAKING, f"`enum` no longer allows {_shown(lost)}"))
            elif len(kept) > len({_canonical(v) for v in before}):
                changes.append(Change(where, WIDENING, "`enum` allows more values"))
            # else the same values in another order (or repeated): the same calls validate
    if not _same(old.get("const"), new.get("const")) or ("const" in old) != ("const" in new):
        where = join(pointer, "const")
        kind = WIDENING if "const" not in new else BREAKING
        changes.append(Change(where, kind, f"`const` {_verb(old, new, 'const')}"))
    return changes


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
    changes = []
    for key in sorted(_UPPER | _LOWER):
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


def _integer_range(schema: dict) -> tuple | None:
    """The least and greatest integer an integer schema's bounds admit (None for no bound),
    whichever of `minimum`/`exclusiveMinimum` states them (`("none",)` when they admit none);
    None for another schema, or
    bounds that are not plain numbers (draft 4's boolean `exclusiveMinimum`)."""
    if schema.get("type") != "integer":
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
    before, after = old.get("additionalProperties", True), new.get("additionalProperties", True)
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


def _added_narrows(old: dict, new: dict, pointer: str, key: str) -> list[Change]:
    if _same(old.get(key), new.get(key)):
        return []
    where = join(pointer, key)
    if key not in old:
        return [Change(where, BREAKING, f"`{key}` added")]
    if key not in new:
        return [Change(where, WIDENING, f"`{key}` removed")]
    return [Change(where, CHANGED, f"`{key}` changed")]


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
    if key != "oneOf" and old_set != new_set and (old_set <= new_set or new_set <= old_set):
        more = old_set < new_set
        # More anyOf branches accept more; more allOf parts demand more.
        kind = (WIDENING if more else BREAKING) if key == "anyOf" else (BREAKING if more else WIDENING)
        return [Change(where, kind, f"`{key}` has {'more' if more else 'fewer'} branches")]
    if len(before) == len(after):
        inner = [c for index, (a, b) in enumerate(zip(before, after)) for c in compare(a, b, join(where, index))]
        # A narrowed anyOf branch breaks only calls no other branch takes; in a oneOf a
        # widened branch can overlap another and so reject a call. Neither is sure.
        return _unsure(inner, BREAKING) if key == "anyOf" else _unsure(inner, BREAKING, WIDENING) if key == "oneOf" \
            else inner
    return [Change(where, CHANGED, f"`{key}` changed")]


def _unsure(changes: list[Change], *kinds: str) -> list[Change]:
    """The changes, those of `kinds` said as "changed": their effect here cannot be shown."""
    return [Change(c.pointer, CHANGED, c.what) if c.kind in kinds else c for c in changes]
