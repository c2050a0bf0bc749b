"""Whether a subschema accepts a scalar value (or an empty array or object), where that is
certain without jsonschema-rs.

SL008 checks every `default` and `examples` entry against the subschema that holds it, and
the fix gate every value a schema states against the subschema a fix changed. A compiled
validator for each cost both more than the rest of their work together, and loading
jsonschema-rs at all costs a one-file run about 12 ms. Most such values are a string,
number, boolean or null, or an empty list or object (`"default": []` of an optional array,
the usual one after them, which every keyword of arrays and objects but a lower count or
`required` accepts), under a subschema of `type`, `enum`, `const`, length and
numeric bounds, compositions and annotations: `accepts` answers those, True or False, as a
validator of the subschema compiled with format assertions on would. Anything else is
None, and jsonschema-rs decides: a value to match against a `pattern` or a `format`, a
`$ref`, an integer past 2**53, an `integer` type asked of a float, a keyword judged here
by no rule, and any subschema `metaschema_shortcut` cannot vouch for (which might then not
even compile). Most values SL008 finds rejected are rejected by their `type` alone (a null
default of a string) or their `enum` (a default not among the values): `rejection` gives
the message jsonschema-rs would give for those.

`tests/test_scalar_shortcut.py` holds every answer and message to jsonschema-rs's own,
under each bundled dialect.
"""

from __future__ import annotations

import json
import math
from typing import Any

from schema_lint.schema import metaschema_shortcut

_SCALARS = (str, int, float, bool, type(None))
# Integers compared exactly by every reader: jsonschema-rs may read a larger one as a float.
_EXACT = 2**53
_TYPES = {"string": (str,), "boolean": (bool,), "null": (type(None),), "number": (int, float),
          "integer": (int,), "object": (dict,), "array": (list,)}
# The keywords `metaschema_shortcut` vouches for that an empty array or object can fail.
_LOWER_COUNTS = {"minItems": list, "minProperties": dict}


def accepts(schema: Any, value: Any, draft: str) -> bool | None:
    """Whether `schema` (a `keywords.DRAFT_KEYWORDS` draft's, `$schema` at its root if any)
    accepts `value`; None when jsonschema-rs must say."""
    if not (type(value) in _SCALARS or (type(value) in (list, dict) and not value)) or not _plain(value):
        return None
    if not isinstance(schema, dict) or metaschema_shortcut.verdict(schema, draft) is not True or _refers(schema):
        return None
    return _judge(schema, value, draft)


def rejection(schema: dict, value: Any, draft: str) -> str | None:
    """The message of the one error jsonschema-rs finds in a value `accepts` rejects, where
    that is certain: one keyword rejects it, its `type` (one name) or its `enum`, every other
    keyword accepts it, and what the message quotes is written alike by both (null, a
    boolean, an integer, printable ASCII text with no quote or backslash). None otherwise:
    jsonschema-rs must say."""
    if not _written_alike(value):
        return None
    rejecting = [keyword for keyword, argument in schema.items() if _keyword(keyword, argument, value, draft) is not True]
    if rejecting == ["type"] and type(schema["type"]) is str:
        return f'{json.dumps(value)} is not of type "{schema["type"]}"'
    if rejecting == ["enum"] and _keyword("enum", schema["enum"], value, draft) is False:
        return _not_one_of(value, schema["enum"])
    return None


def _not_one_of(value: Any, allowed: list) -> str | None:
    """jsonschema-rs's words for a value no `enum` entry equals: up to three entries shown,
    of more the first two and a count of the others."""
    shown = allowed if len(allowed) <= 3 else allowed[:2]
    if not all(_written_alike(item) for item in shown):
        return None
    written = [json.dumps(item) for item in shown]
    if len(allowed) > 3:
        written.append(f"{len(allowed) - 2} other candidates")
    listed = written[0] if len(written) == 1 else f"{', '.join(written[:-1])} or {written[-1]}"
    return f"{json.dumps(value)} is not one of {listed}"


def _written_alike(value: Any) -> bool:
    """Whether jsonschema-rs writes `value` in a message as `json.dumps` does."""
    if type(value) is str:
        return value.isascii() and value.isprintable() and '"' not in value and "\\" not in value
    return value is None or type(value) is bool or (type(value) is int and -_EXACT < value < _EXACT)


def _plain(value: Any) -> bool:
    """A value every reader reads alike: no lone surrogate, no integer past 2**53."""
    if type(value) is str:
        return value.isascii() or not any(0xD800 <= ord(char) <= 0xDFFF for char in value)
    if type(value) is int:
        return -_EXACT < value < _EXACT
    return type(value) is not float or math.isfinite(value)


def _refers(schema: dict) -> bool:
    """Whether a subschema refers elsewhere, or holds text no validator can take (a lone
    surrogate, which JSON text may spell but a compiled schema cannot hold)."""
    pending: list[Any] = [schema]
    while pending:
        node = pending.pop()
        if type(node) is str:  # the usual leaf first; ASCII text is plain without a look at each character
            if not node.isascii() and not _plain(node):
                return True
        elif isinstance(node, dict):
            if "$ref" in node:
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
        found = _keyword(keyword, argument, value, draft)
        if found is False:
            return False
        if found is None:
            answer = None
    return answer


def _keyword(keyword: str, argument: Any, value: Any, draft: str) -> bool | None:
    number = type(value) in (int, float)
    if keyword == "type":
        names = argument if type(argument) is list else [argument]
        found = [_is_type(value, name) for name in names]
        return True if True in found else None if None in found else False
    if keyword == "enum":  # `metaschema_shortcut` vouches only for an enum of scalars
        found = [_equal(value, item) for item in argument]
        return True if True in found else None if None in found else False
    if keyword == "const":
        return True if draft == "draft-04" else _equal(value, argument)  # draft-04 has no `const`
    if keyword in ("minLength", "maxLength"):
        if type(value) is not str:
            return True
        return len(value) >= argument if keyword == "minLength" else len(value) <= argument
    if keyword in ("minimum", "maximum"):
        if not number:
            return True
        if type(argument) is int and not -_EXACT < argument < _EXACT:
            return None
        return value >= argument if keyword == "minimum" else value <= argument
    if keyword == "multipleOf":
        if not number:
            return True
        return value % argument == 0 if type(value) is int and type(argument) is int else None
    if keyword == "format":
        return None if type(value) is str else True
    if keyword in _LOWER_COUNTS:  # of an empty array or object: no scalar is either
        return type(value) is not _LOWER_COUNTS[keyword] or argument <= 0
    if keyword == "required":
        return type(value) is not dict or not argument
    if keyword in ("allOf", "anyOf", "oneOf"):
        found = [_judge(schema, value, draft) for schema in argument]
        if keyword == "allOf":
            return False if False in found else None if None in found else True
        if keyword == "anyOf":
            return True if True in found else None if None in found else False
        return None if None in found else found.count(True) == 1
    if keyword == "not":
        inner = _judge(argument, value, draft)
        return None if inner is None else not inner
    # Annotations, the keywords of objects and arrays (`properties`, `items`, `maxItems`, …),
    # which a scalar and an empty array or object pass, and keywords no draft defines, which
    # every validator ignores.
    return True


def _is_type(value: Any, name: Any) -> bool | None:
    if type(value) is float and name == "integer":
        return None  # 1.0: an integer from draft-06 on, and not in every reader of draft-04
    return type(value) in _TYPES.get(name, ())


def _equal(value: Any, other: Any) -> bool | None:
    """JSON equality of a scalar and any value: a boolean is no number, 1 and 1.0 are left open."""
    if type(value) is not type(other):
        return None if type(value) in (int, float) and type(other) in (int, float) else False
    return value == other
