"""Whether a schema is valid against its metaschema, where that is certain without jsonschema-rs.

SL001 asks it of every schema, and loading jsonschema-rs costs a one-file run about an eighth
of its time here (the library imports `decimal` and `email.utils` as it loads). Most tool
schemas use a few keywords whose rules are the same in every bundled metaschema, draft-04
to 2020-12: `type`, `properties`, `required`, `items`, `enum` (of scalars), bounds, annotations;
or that differ by draft in ways told here: an empty `required`, a numeric exclusive bound,
`propertyNames`, a `pattern` (a regular expression only draft-04 to 07 check). For such
a schema `verdict` answers True. It answers False only for what every draft refuses: a
`type` that names no JSON type (`"dict"`, `"float"`), a `required` that is not an array.
Anything else (another keyword some draft defines, a value only a format check or one
draft's own rule can judge, a boolean subschema) is None, and jsonschema-rs decides.
Keywords no draft defines are ignored, as the metaschemas ignore them.

`tests/test_metaschema_shortcut.py` holds every answer to jsonschema-rs's own, and the
keyword lists to the metaschemas themselves.
"""

from __future__ import annotations

import math
from collections.abc import Callable
from typing import Any

from schema_lint.schema.dialect import STANDARD_TYPES
from schema_lint.schema.keywords import DRAFT_KEYWORDS
from schema_lint.text.lazy_pattern import lazy_compile

# Keywords whose value is judged the same way under every bundled metaschema.
_STRINGS = frozenset({"title", "description", "$comment", "format"})
_BOOLEANS = frozenset({"uniqueItems", "readOnly", "writeOnly", "deprecated"})
_COUNTS = frozenset({"minLength", "maxLength", "minItems", "maxItems", "minProperties", "maxProperties"})
_BOUNDS = frozenset({"minimum", "maximum"})
_EXCLUSIVE_BOUNDS = frozenset({"exclusiveMinimum", "exclusiveMaximum"})
_ANY_VALUE = frozenset({"default", "const"})
_SCHEMA_MAPS = frozenset({"properties", "definitions"})
_SCHEMA_LISTS = frozenset({"allOf", "anyOf", "oneOf"})
# From 2019-09 on `$defs` holds schemas (draft-04 to 07 do not define it, so do not look
# inside), and `format` only annotates: a `pattern` is any string.
_DRAFTS_2019_ON = frozenset({"2019-09", "2020-12"})
_DEFINED_SOMEWHERE = frozenset().union(*DRAFT_KEYWORDS.values())
# A fragment-only `$ref` in URI characters: a `uri-reference` under every draft that asserts it.
_PLAIN_REF = lazy_compile(r"#[A-Za-z0-9\-._~!$&'()*+,;=:@/?]*")
# Integers jsonschema-rs reads as machine integers; a larger one is left to it.
_INT_LIMIT = 2**63
_UNKNOWN = object()


def verdict(schema: Any, draft: str, excused: Callable[[Any], bool] | None = None) -> bool | None:
    """True when `schema` is valid against `draft`'s metaschema (a `keywords.DRAFT_KEYWORDS`
    name), False when it is invalid under every draft, None when jsonschema-rs must say.

    `excused(type)` names the `type` values to read as a valid one: the answer is then the
    one for a copy of the schema with each of those spelled "string" (SL001 asks so whether
    a schema's only faults are dialect type names, without making the copy).
    """
    if not isinstance(schema, dict):
        return None
    answer: bool | None = True
    pending = [(schema, True)]
    while pending:
        node, is_root = pending.pop()
        for keyword, value in node.items():
            if type(value) is str and (keyword in _STRINGS or (keyword == "type" and value in STANDARD_TYPES)):
                continue  # most members of most nodes, valid in every draft (`_judge` says so), without its call
            found = _judge(keyword, value, is_root, draft, pending)
            if found is not None and keyword == "type" and excused is not None and excused(value):
                continue  # a type the metaschema refuses, read as "string", which every draft accepts
            if found is False:
                return False
            if found is _UNKNOWN:
                answer = None
    return answer


def _judge(keyword: str, value: Any, is_root: bool, draft: str, pending: list) -> Any:
    """False for a value every draft refuses, `_UNKNOWN` for one left to jsonschema-rs, else
    None (subschemas to judge are added to `pending`)."""
    if keyword == "type":
        return _judge_type(value)
    if keyword == "required":
        if not isinstance(value, list):
            return False
        # Draft-04 asks for at least one name; later drafts let a schema say "none" (`[]`).
        return None if (value or draft != "draft-04") and all(type(name) is str for name in value) \
            and len(set(value)) == len(value) else _UNKNOWN
    if keyword in _STRINGS:
        return None if type(value) is str else _UNKNOWN
    if keyword in _BOOLEANS:
        return None if type(value) is bool else _UNKNOWN
    if keyword in _COUNTS:
        return None if type(value) is int and 0 <= value < _INT_LIMIT else _UNKNOWN
    if keyword in _BOUNDS:
        return None if _finite_number(value) else _UNKNOWN
    if keyword in _EXCLUSIVE_BOUNDS:  # a number from draft-06 on; in draft-04 a flag, which needs its bound
        return None if draft != "draft-04" and _finite_number(value) else _UNKNOWN
    if keyword == "pattern":  # a regular expression, which only draft-04 to 07 assert (`format: regex`)
        return None if draft in _DRAFTS_2019_ON and type(value) is str else _UNKNOWN
    if keyword == "multipleOf":
        return None if _finite_number(value) and value > 0 else _UNKNOWN
    if keyword in _ANY_VALUE:
        return None
    if keyword == "examples":
        return None if type(value) is list else _UNKNOWN
    if keyword == "enum":
        return None if value and type(value) is list and _distinct_scalars(value) else _UNKNOWN
    if keyword == "$schema":
        return None if is_root and type(value) is str else _UNKNOWN  # the caller checked it is a bundled one
    if keyword == "$ref":
        return None if type(value) is str and _PLAIN_REF.fullmatch(value) else _UNKNOWN
    if keyword in _SCHEMA_MAPS or (keyword == "$defs" and draft in _DRAFTS_2019_ON):
        return _add_schemas(list(value.values()) if type(value) is dict else None, pending)
    if keyword in _SCHEMA_LISTS:
        return _add_schemas(value if type(value) is list and value else None, pending)
    if keyword in ("items", "not") or (keyword == "additionalProperties" and type(value) is not bool):
        return _add_schemas([value], pending)
    if keyword == "propertyNames":  # a schema from draft-06 on; draft-04 does not define it
        return None if draft == "draft-04" else _add_schemas([value], pending)
    if keyword == "additionalProperties" or keyword not in _DEFINED_SOMEWHERE:
        return None
    return _UNKNOWN


def _judge_type(value: Any) -> Any:
    """Every draft: one of the seven type names, or a non-empty array of distinct ones."""
    if type(value) is str:
        return None if value in STANDARD_TYPES else False
    if type(value) is not list:
        return False
    if not all(type(name) is str and name in STANDARD_TYPES for name in value):
        return False
    return None if value and len(set(value)) == len(value) else _UNKNOWN


def _add_schemas(schemas: list | None, pending: list) -> Any:
    """Queue each subschema; `_UNKNOWN` when the container or one of them is not an object
    (a boolean schema is valid from draft-06 on, not in draft-04)."""
    if schemas is None or not all(type(schema) is dict for schema in schemas):
        return _UNKNOWN
    pending.extend((schema, False) for schema in schemas)
    return None


def _distinct_scalars(values: list) -> bool:
    """Whether `values` are strings, numbers, booleans and nulls no two of which JSON counts
    equal (1 and 1.0 are; a boolean is no number): what every draft's `enum` accepts."""
    keys: set[tuple[str, object]] = set()
    for value in values:
        if type(value) is str:
            keys.add(("string", value))
        elif type(value) in (int, float) and _finite_number(value) and abs(value) < 2**53:
            keys.add(("number", float(value)))
        elif type(value) is bool or value is None:
            keys.add(("literal", value))
        else:
            return False
    return len(keys) == len(values)


def _finite_number(value: Any) -> bool:
    return (type(value) is int and -_INT_LIMIT < value < _INT_LIMIT) or (type(value) is float and math.isfinite(value))
