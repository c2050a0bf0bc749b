"""Say in plain words what a schema accepts, for the ``expected`` field of an envelope.

The reader is a model deciding how to resubmit a call, so the text names JSON types
("a string", "an array of integers"), lists enum values in full, and states bounds and
formats with an example; it never mentions Python types or validator internals.
"""

from __future__ import annotations

import json
from collections.abc import Iterable
from typing import Any

from schema_lint.schema.json_types import KEYWORD_TYPES
from .compiled import resolve_pointer
from .walk import JSON_NUMBER

_ARTICLE = {"string": "a string", "integer": "an integer", "number": "a number", "boolean": "a boolean",
            "object": "an object", "array": "an array", "null": "null"}
_PLURAL = {"string": "strings", "integer": "integers", "number": "numbers", "boolean": "booleans",
           "object": "objects", "array": "arrays", "null": "nulls"}

FORMATS = {
    "date-time": "a date-time (RFC 3339, e.g. 2024-05-01T09:30:00Z)",
    "date": "a date (YYYY-MM-DD, e.g. 2024-05-01)",
    "time": "a time (RFC 3339, e.g. 09:30:00Z)",
    "duration": "an ISO 8601 duration (e.g. P3DT4H)",
    "email": "an email address",
    "idn-email": "an email address",
    "hostname": "a host name",
    "idn-hostname": "a host name",
    "ipv4": "an IPv4 address",
    "ipv6": "an IPv6 address",
    "uri": "an absolute URI (e.g. https://example.com/page)",
    "uri-reference": "a URI reference",
    "iri": "an absolute IRI",
    "iri-reference": "an IRI reference",
    "uuid": "a UUID (e.g. 123e4567-e89b-12d3-a456-426614174000)",
    "regex": "a regular expression",
    "json-pointer": "a JSON Pointer (e.g. /a/b)",
    "relative-json-pointer": "a relative JSON Pointer",
    "uri-template": "a URI template",
}
_MAX_DEPTH = 3
_ANNOTATIONS = {"$ref", "title", "description", "default", "examples", "$comment"}


def describe(schema: Any, root: Any, depth: int = 0) -> str:
    """One phrase for everything ``schema`` accepts (``root`` resolves local ``$ref``)."""
    if schema is True or schema == {}:
        return "any value"
    if schema is False:
        return "no value (leave it out)"
    if not isinstance(schema, dict) or depth > _MAX_DEPTH:
        return "a value the schema accepts"
    ref = schema.get("$ref")
    if isinstance(ref, str):
        target = resolve_pointer(root, ref)
        if target is not None and schema.keys() <= _ANNOTATIONS:
            return describe(target, root, depth + 1)
    if "const" in schema:
        return f"exactly {shown(render(schema['const']))}"
    if isinstance(schema.get("enum"), list):
        return one_of(schema["enum"])
    for keyword in ("anyOf", "oneOf"):
        if isinstance(schema.get(keyword), list):
            phrases = list(dict.fromkeys(describe(b, root, depth + 1) for b in schema[keyword]))
            return " or ".join(phrases)
    types = schema.get("type")
    if isinstance(types, str):
        types = [types]
    if not isinstance(types, list):
        types = list(dict.fromkeys(KEYWORD_TYPES[k] for k in schema if k in KEYWORD_TYPES))
    if not types:
        return "a value the schema accepts"
    return " or ".join(_typed(t, schema, root, depth) for t in types)


def _typed(kind: str, schema: dict, root: Any, depth: int) -> str:
    if kind == "string" and isinstance(schema.get("format"), str) and schema["format"] in FORMATS:
        phrase = FORMATS[schema["format"]]
    elif kind == "array":
        return _array(schema, root, depth)
    else:
        phrase = _ARTICLE.get(kind, "a value the schema accepts")
    bounds = [text for text in _bounds(kind, schema) if text]
    return phrase + (" " + ", ".join(bounds) if bounds else "")


def _bounds(kind: str, schema: dict) -> list[str]:
    if kind == "string":
        pattern = schema.get("pattern")
        return [*_count_bounds(schema, "minLength", "maxLength", "character"),
                f"matching the pattern {shown(pattern)}" if isinstance(pattern, str) else ""]
    if kind in ("integer", "number"):
        return _number_bounds(schema)
    if kind == "array":
        return _count_bounds(schema, "minItems", "maxItems", "item")
    if kind == "object":
        return _count_bounds(schema, "minProperties", "maxProperties", "property")
    return []


def _array(schema: dict, root: Any, depth: int) -> str:
    """The count before the items, so nested bounds read in order: "an array of at most 10
    strings", "an array of 1 to 3 items, each a string of at most 100 characters"."""
    items = schema.get("items")
    item_type = items.get("type") if isinstance(items, dict) else None
    plain = isinstance(items, dict) and isinstance(item_type, str) and item_type in _PLURAL \
        and items.keys() <= {"type", "description", "title"}
    unit = item_type if plain and isinstance(item_type, str) else "item"
    counted = " ".join(text for text in _count_bounds(schema, "minItems", "maxItems", unit) if text)
    if plain:
        return f"an array {counted}" if counted else f"an array of {_PLURAL[unit]}"
    if not isinstance(items, dict) or items == {}:
        return f"an array {counted}" if counted else "an array"
    each = describe(items, root, depth + 1)
    return f"an array {counted}, each {each}" if counted else f"an array whose items are each {each}"


def _count_bounds(schema: dict, low: str, high: str, unit: str) -> list[str]:
    lo, hi = schema.get(low), schema.get(high)
    if isinstance(lo, int) and isinstance(hi, int):
        return [f"of {lo} to {count(hi, unit)}" if lo != hi else f"of exactly {count(lo, unit)}"]
    return [f"of at least {count(lo, unit)}" if isinstance(lo, int) and lo > 0 else "",
            f"of at most {count(hi, unit)}" if isinstance(hi, int) else ""]


def _number_bounds(schema: dict) -> list[str]:
    words = {"minimum": "at least", "maximum": "at most",
             "exclusiveMinimum": "greater than", "exclusiveMaximum": "less than"}
    parts = [f"{text} {shown(render(schema[key]))}" for key, text in words.items()
             if isinstance(schema.get(key), (int, float)) and not isinstance(schema.get(key), bool)]
    if isinstance(schema.get("multipleOf"), (int, float)):
        parts.append(f"a multiple of {render(schema['multipleOf'])}")
    return [" and ".join(parts)] if parts else []


def count(n: int, unit: str) -> str:
    """``1 item``, ``3 items``; ``property`` becomes ``properties``."""
    if n == 1:
        return f"1 {unit}"
    return f"{n} {unit[:-1] + 'ies' if unit.endswith('y') else unit + 's'}"


LISTED_LIMIT = 2_000
"""Characters of the schema's own values an ``expected`` phrase shows: an ``enum`` of thousands,
or a ``const`` or ``pattern`` of pages, would fill the model's context with every rejection
(a 20,000-value ``enum`` made an envelope of 149 kB). The model was given the whole schema
with the tool: past this the phrase says how much more it holds."""


def one_of(values: list[Any]) -> str:
    """``one of low, normal, high``: every allowed value, up to :data:`LISTED_LIMIT`
    characters; past it, those that fit and how many the schema lists in all."""
    return "one of " + listed((shown(render(value)) for value in values), len(values), "values")


def listed(texts: Iterable[str], total: int, noun: str) -> str:
    """``a, b, c``: the ``total`` texts, up to :data:`LISTED_LIMIT` characters; past it, those that
    fit and how many ``noun`` the schema has in all (the rest are never made)."""
    kept: list[str] = []
    size = 0
    for text in texts:
        size += len(text) + 2
        if size > LISTED_LIMIT and kept:
            return f"{', '.join(kept)} … ({total:,} {noun} in all: see the tool's schema)"
        kept.append(text)
    return ", ".join(kept)


def shown(text: str) -> str:
    """A value or pattern of the schema as a phrase shows it: whole, or its first
    :data:`LISTED_LIMIT` characters and how long it is."""
    if len(text) <= LISTED_LIMIT:
        return text
    return f"{text[:LISTED_LIMIT]}… ({len(text):,} characters in all: see the tool's schema)"


def render(value: Any) -> str:
    """A value as the model should write it; strings bare unless that would be ambiguous."""
    if isinstance(value, str) and value and value == value.strip() and "," not in value \
            and value not in ("true", "false", "null") and not JSON_NUMBER.match(value):
        return value
    return json.dumps(value, ensure_ascii=False)
