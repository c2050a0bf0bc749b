"""A subschema's bounds: those no value can meet, and those that bound nothing.

A lower bound above its upper bound is what SL015 reports in a schema, and what the fix
gate refuses to make (see `gate.contradictions`): a fix that reads a bound from the words
beside one the schema already states the other way leaves the field accepting nothing. A
bound at a number type's range (`bounded_by`) bounds nothing: SL303 and SL403 read such a
side as open.
"""

from __future__ import annotations

from collections.abc import Iterator
from typing import Any

PAIRS = (("minLength", "maxLength"), ("minItems", "maxItems"), ("minProperties", "maxProperties"),
         ("minContains", "maxContains"))
# Every contradiction needs one of these (the lower end of a pair, or `maxProperties` against
# `required`): a subschema with none, nearly all of them, is passed over in one test.
LOWER_BOUNDS = frozenset({low for low, _ in PAIRS} | {"minimum", "exclusiveMinimum", "maxProperties"})
BOUNDS = frozenset({keyword for pair in PAIRS for keyword in pair}
                   | {"minimum", "exclusiveMinimum", "maximum", "exclusiveMaximum", "required"})
"""Every keyword a contradiction is made of."""


# The ranges of number types, which generators write for every number of the type: zod's
# `.int()` gives ±`Number.MAX_SAFE_INTEGER`, OpenAPI's `int32` and `int64` formats and typed
# languages their integers' ranges. Such a bound says what the type holds, not what the tool
# takes: a limit at 2**53 - 1 is no page size.
TYPE_RANGES = frozenset({2**31 - 1, -2**31, 2**32 - 1, 2**53 - 1, -(2**53 - 1), 2**63 - 1, -2**63, 2**64 - 1,
                         1.7976931348623157e308, -1.7976931348623157e308})


def bounded_by(schema: dict, keywords: tuple[str, ...]) -> bool:
    """Whether one of `keywords` bounds the numbers `schema` takes: present, and not a number
    type's range (`TYPE_RANGES`)."""
    for keyword in keywords:
        if keyword in schema:
            value = schema[keyword]
            if not (_number(value) and value in TYPE_RANGES):
                return True
    return False


def contradictions(schema: Any) -> Iterator[tuple[str, str]]:
    """(keyword, what is wrong) for each contradiction in ``schema``'s own bounds: the keyword
    is where to point (the lower bound, or `maxProperties`)."""
    if not isinstance(schema, dict) or schema.keys().isdisjoint(LOWER_BOUNDS):
        return
    for low, high in PAIRS:
        if _number(schema.get(low)) and _number(schema.get(high)) and schema[low] > schema[high]:
            yield low, f"`{low}` {schema[low]} is above `{high}` {schema[high]}"
    yield from _numeric(schema)
    required = schema.get("required")
    if isinstance(required, list) and _number(schema.get("maxProperties")):
        names = len(set(map(str, required)))
        if names > schema["maxProperties"]:
            yield "maxProperties", f"requires {names} properties but `maxProperties` is {schema['maxProperties']}"


def _numeric(schema: dict) -> Iterator[tuple[str, str]]:
    # Draft-04's (and OpenAPI 3.0's) `exclusiveMinimum: true` makes `minimum` itself open.
    lows = [(k, schema[k], k == "exclusiveMinimum" or schema.get("exclusiveMinimum") is True)
            for k in ("minimum", "exclusiveMinimum") if _number(schema.get(k))]
    highs = [(k, schema[k], k == "exclusiveMaximum" or schema.get("exclusiveMaximum") is True)
             for k in ("maximum", "exclusiveMaximum") if _number(schema.get(k))]
    for low_key, low, low_open in lows:
        for high_key, high, high_open in highs:
            if low > high or (low == high and (low_open or high_open)):
                yield low_key, f"`{low_key}` {low} leaves no room below `{high_key}` {high}"
                return


def _number(value: Any) -> bool:
    return isinstance(value, (int, float)) and not isinstance(value, bool)
