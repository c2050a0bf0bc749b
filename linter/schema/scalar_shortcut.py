"""Whether a subschema accepts a value, where that is certain without jsonschema-rs.

SL008 checks every `default` and `examples` entry against the subschema that holds it, and
the fix gate every value a schema states against the subschema a fix changed. A compiled
validator for each cost both more than the rest of their work together, and loading
jsonschema-rs at all costs a one-file run about 12 ms. Most such values are a string,
number, boolean or null, or a small list or object of them (`"default": []` of an
optional array, `["Vegan"]` under `items` with an `enum`), under a subschema of `type`,
`enum`, `const`, length, count and numeric bounds, `uniqueItems`, `items` (one schema),
`properties`, `required`, `additionalProperties`, `propertyNames`, compositions and
annotations: `accepts` answers those, True or False, as a validator of the subschema
compiled with format assertions on would. Anything else is None, and jsonschema-rs
decides: a value to match against a `format`, a subschema holding a `pattern` or a `$ref`,
an integer past 2**53, an `integer` type asked of a float, 1 and 1.0 to tell equal or not,
a value too large to walk here, and any subschema `metaschema_shortcut` cannot vouch for
(which might then not even compile; it vouches for no keyword of arrays or objects but
those above). Most values SL008 finds
rejected are rejected by their `type` alone (a null default of a string) or their `enum`
(a default not among the values): `rejection` gives the message jsonschema-rs would give
for those, and for the one element or member of a list or object so rejected.

`tests/test_scalar_shortcut.py` holds every answer and message to jsonschema-rs's own,
under each bundled dialect.
"""

from __future__ import annotations

import json
import math
import operator
from collections.abc import Callable
from typing import Any

from schema_lint.schema import metaschema_shortcut

# Integers compared exactly by every reader: jsonschema-rs may read a larger one as a float.
_EXACT = 2**53
_TYPES = {"string": (str,), "boolean": (bool,), "null": (type(None),), "number": (int, float),
          "integer": (int,), "object": (dict,), "array": (list,)}
# The numeric bounds `metaschema_shortcut` vouches for (an exclusive one as a number: from draft-06 on).
_BOUNDS = {"minimum": operator.ge, "maximum": operator.le, "exclusiveMinimum": operator.gt,
           "exclusiveMaximum": operator.lt}
# The counts `metaschema_shortcut` vouches for: what each counts, and whether it is a floor.
_COUNTS = {"minItems": (list, True), "maxItems": (list, False), "minProperties": (dict, True),
           "maxProperties": (dict, False)}
# A value's parts (itself, its elements, members and names) looked at here at most; a larger
# value is left to jsonschema-rs, and so is `uniqueItems` of a longer list (its pairs grow
# as the square).
_MOST_PARTS = 200
_MOST_UNIQUE = 32


def accepts(schema: Any, value: Any, draft: str) -> bool | None:
    """Whether `schema` (a `keywords.DRAFT_KEYWORDS` draft's, `$schema` at its root if any)
    accepts `value`; None when jsonschema-rs must say."""
    if not _plain(value, [_MOST_PARTS]) or not _vouched(schema, draft):
        return None
    return _judge(schema, value, draft)


def acceptor(schema: Any, draft: str, vouched: bool = False) -> Callable[[Any], bool | None] | None:
    """`accepts` of one schema for many values, the schema judged once: a fix's `enum` of
    hundreds of values meets a description offering thousands, and judging the `enum` again
    for each value, then looking each value up in it, cost their product. None when
    jsonschema-rs must say for every value. `vouched`: the caller knows `schema` is one the
    shortcut judges (every part of it was vouched for on its own), which is then not walked."""
    if not vouched and not _vouched(schema, draft):
        return None
    enum = schema.get("enum")
    if type(enum) is not list:
        return lambda value: _judge(schema, value, draft) if _plain(value, [_MOST_PARTS]) else None
    # A string equals only a string (`_equal`): among the strings of the enum, found at once.
    strings = frozenset(item for item in enum if type(item) is str)
    others = {keyword: argument for keyword, argument in schema.items() if keyword != "enum"}

    def judge(value: Any) -> bool | None:
        if not _plain(value, [_MOST_PARTS]):
            return None
        if type(value) is str:
            return _judge(others, value, draft) if value in strings else False
        return _judge(schema, value, draft)
    return judge


def _vouched(schema: Any, draft: str) -> bool:
    """Whether `_judge` answers for `schema`: a subschema `metaschema_shortcut` vouches for,
    referring nowhere."""
    return isinstance(schema, dict) and metaschema_shortcut.verdict(schema, draft) is True and not _refers(schema)


def rejection(schema: dict, value: Any, draft: str) -> str | None:
    """The message of the one error jsonschema-rs finds in a value `accepts` rejects, where
    that is certain: one keyword rejects it, its `type` (one name) or its `enum`, or its
    `items` or `properties` reject one element or member so, every other keyword accepts
    it, and what the message quotes is written alike by both (null, a boolean, an integer,
    printable ASCII text with no quote or backslash, lists and objects of those). None
    otherwise: jsonschema-rs must say."""
    rejecting = [keyword for keyword, argument in schema.items()
                 if _keyword(keyword, argument, value, draft, schema) is not True]
    if rejecting == ["type"] and type(schema["type"]) is str and _written_alike(value, [_MOST_PARTS]):
        return f'{_written(value)} is not of type "{schema["type"]}"'
    if rejecting == ["enum"] and _keyword("enum", schema["enum"], value, draft, schema) is False \
            and _written_alike(value, [_MOST_PARTS]):
        return _not_one_of(value, schema["enum"])
    if rejecting == ["items"] and type(value) is list:
        rejected = [(schema["items"], element) for element in value]
    elif rejecting == ["properties"] and type(value) is dict:
        rejected = [(schema["properties"][name], member) for name, member in value.items()
                    if name in schema["properties"]]
    else:
        return None
    rejected = [(subschema, part) for subschema, part in rejected if _judge(subschema, part, draft) is not True]
    return rejection(*rejected[0], draft) if len(rejected) == 1 else None


def _not_one_of(value: Any, allowed: list) -> str | None:
    """jsonschema-rs's words for a value no `enum` entry equals: up to three entries shown,
    of more the first two and a count of the others."""
    shown = allowed if len(allowed) <= 3 else allowed[:2]
    if not all(_written_alike(item, [_MOST_PARTS]) for item in shown):
        return None
    written = [_written(item) for item in shown]
    if len(allowed) > 3:
        written.append(f"{len(allowed) - 2} other candidates")
    listed = written[0] if len(written) == 1 else f"{', '.join(written[:-1])} or {written[-1]}"
    return f"{_written(value)} is not one of {listed}"


def _written_alike(value: Any, budget: list[int]) -> bool:
    """Whether jsonschema-rs writes `value` in a message as `_written` does (`budget`: the
    parts still to be looked at, shared by the whole value)."""
    budget[0] -= 1
    if budget[0] < 0:
        return False
    if type(value) is str:
        return value.isascii() and value.isprintable() and '"' not in value and "\\" not in value
    if type(value) is list:
        return all(_written_alike(element, budget) for element in value)
    if type(value) is dict:
        return all(_written_alike(name, budget) and _written_alike(member, budget) for name, member in value.items())
    return value is None or type(value) is bool or (type(value) is int and -_EXACT < value < _EXACT)


def _written(value: Any) -> str:
    """A value as jsonschema-rs writes it in a message: compact JSON, an object's names sorted."""
    return json.dumps(value, separators=(",", ":"), sort_keys=True)


def _plain(value: Any, budget: list[int]) -> bool:
    """A value every reader reads alike, small enough to judge here: no lone surrogate, no
    integer past 2**53, and at most `budget[0]` parts in all."""
    budget[0] -= 1
    if budget[0] < 0:
        return False
    kind = type(value)
    if kind is str:
        return value.isascii() or not any(0xD800 <= ord(char) <= 0xDFFF for char in value)
    if kind is int:
        return -_EXACT < value < _EXACT
    if kind is float:
        return math.isfinite(value)
    if kind is list:
        return all(_plain(element, budget) for element in value)
    if kind is dict:
        return all(type(name) is str and _plain(name, budget) and _plain(member, budget)
                   for name, member in value.items())
    return kind is bool or value is None


def _refers(schema: dict) -> bool:
    """Whether a subschema refers elsewhere, holds a `pattern` (which might not compile: only
    draft-04 to 07 check it is a regular expression), or holds text no validator can take (a
    lone surrogate, which JSON text may spell but a compiled schema cannot hold)."""
    pending: list[Any] = [schema]
    while pending:
        node = pending.pop()
        if type(node) is str:  # the usual leaf first; ASCII text is plain without a look at each character
            if not node.isascii() and not _plain(node, [1]):
                return True
        elif isinstance(node, dict):
            if "$ref" in node or "pattern" in node:
                return True
            pending.extend(node)
            pending.extend(node.values())
        elif isinstance(node, list):
            pending.extend(node)
    return False


def _judge(schema: dict, value: Any, draft: str) -> bool | None:
    """Every keyword must accept: one that rejects decides, one not judged leaves it open."""
    answer: bool | None = True
    for keyword, argument in schema.items():
        found = _keyword(keyword, argument, value, draft, schema)
        if found is False:
            return False
        if found is None:
            answer = None
    return answer


def _all(found: list[bool | None]) -> bool | None:
    return False if False in found else None if None in found else True


def _any(found: list[bool | None]) -> bool | None:
    return True if True in found else None if None in found else False


def _keyword(keyword: str, argument: Any, value: Any, draft: str, schema: dict) -> bool | None:
    """What one keyword of `schema` says of `value` (`metaschema_shortcut` vouched for it)."""
    kind = type(value)
    number = kind in (int, float)
    if keyword == "type":
        return _any([_is_type(value, name) for name in (argument if type(argument) is list else [argument])])
    if keyword == "enum":  # `metaschema_shortcut` vouches only for an enum of scalars
        return _any([_equal(value, item) for item in argument])
    if keyword == "const":
        return True if draft == "draft-04" else _equal(value, argument)  # draft-04 has no `const`
    if keyword in ("minLength", "maxLength"):
        if kind is not str:
            return True
        return len(value) >= argument if keyword == "minLength" else len(value) <= argument
    if keyword in _BOUNDS:
        if not number:
            return True
        if (type(argument) is int and not -_EXACT < argument < _EXACT) or type(argument) is bool:
            return None  # a large bound, or draft-04's flag of an exclusive one
        return _BOUNDS[keyword](value, argument)
    if keyword == "multipleOf":
        if not number:
            return True
        return value % argument == 0 if kind is int and type(argument) is int else None
    if keyword == "format":
        return None if kind is str else True
    if keyword in _COUNTS:
        counted, floor = _COUNTS[keyword]
        if kind is not counted:
            return True
        return len(value) >= argument if floor else len(value) <= argument
    if kind is list:
        if keyword == "items":  # one schema: `metaschema_shortcut` vouches for no list of them
            return _all([_judge(argument, element, draft) for element in value])
        if keyword == "uniqueItems" and argument is True:
            return _distinct(value)
    if kind is dict:
        if keyword == "propertyNames":  # draft-04 does not define it
            return True if draft == "draft-04" else _all([_judge(argument, name, draft) for name in value])
        if keyword == "required":
            return all(name in value for name in argument)
        if keyword == "properties":
            return _all([_judge(argument[name], member, draft) for name, member in value.items() if name in argument])
        if keyword == "additionalProperties":
            named = schema.get("properties", {})
            others = [member for name, member in value.items() if name not in named]
            if type(argument) is bool:
                return argument or not others
            return _all([_judge(argument, member, draft) for member in others])
    if keyword in ("allOf", "anyOf", "oneOf"):
        found = [_judge(subschema, value, draft) for subschema in argument]
        if keyword == "allOf":
            return _all(found)
        if keyword == "anyOf":
            return _any(found)
        return None if None in found else found.count(True) == 1
    if keyword == "not":
        inner = _judge(argument, value, draft)
        return None if inner is None else not inner
    # Annotations, the keywords of arrays and objects a value of another kind passes (and
    # `uniqueItems: false`), and keywords no draft defines, which every validator ignores.
    return True


def _distinct(elements: list) -> bool | None:
    """`uniqueItems`: no two elements JSON counts equal."""
    if len(elements) > _MOST_UNIQUE:
        return None
    found = [_equal(first, second) for index, first in enumerate(elements) for second in elements[index + 1:]]
    return False if True in found else None if None in found else True


def _is_type(value: Any, name: Any) -> bool | None:
    if type(value) is float and name == "integer":
        return None  # 1.0: an integer from draft-06 on, and not in every reader of draft-04
    return type(value) in _TYPES.get(name, ())


def _equal(value: Any, other: Any) -> bool | None:
    """JSON equality of two values: a boolean is no number, 1 and 1.0 are left open."""
    kind = type(value)
    if kind is not type(other):
        return None if kind in (int, float) and type(other) in (int, float) else False
    if kind is list:
        return _all([_equal(first, second) for first, second in zip(value, other)]) if len(value) == len(other) \
            else False
    if kind is dict:
        return _all([_equal(member, other[name]) for name, member in value.items()]) \
            if value.keys() == other.keys() else False
    return value == other
