"""JSON Schema's view of values and keywords: which type a value has, which type a
keyword constrains, and when two values are the same.

Python blurs all three (`True == 1`, `1 == 1.0` but `1 is not 1.0`, `bool` is an
`int`); the hygiene rules need JSON's answers, so they share these.
"""

from __future__ import annotations

import json
from typing import Any

from schema_lint.schema.dialect import standard_type

# Keyword → the instance type it constrains; on any other type it is ignored.
KEYWORD_TYPES = {
    **dict.fromkeys(("minLength", "maxLength", "pattern", "contentEncoding", "contentMediaType"), "string"),
    **dict.fromkeys(("minimum", "maximum", "exclusiveMinimum", "exclusiveMaximum", "multipleOf"), "number"),
    **dict.fromkeys(("items", "prefixItems", "additionalItems", "unevaluatedItems", "contains", "minContains",
                     "maxContains", "minItems", "maxItems", "uniqueItems"), "array"),
    **dict.fromkeys(("properties", "patternProperties", "additionalProperties", "unevaluatedProperties",
                     "propertyNames", "minProperties", "maxProperties", "dependentRequired",
                     "dependentSchemas"), "object"),
}


def instance_types(value: Any) -> set[str]:
    """The JSON Schema types a value satisfies (an integral number is also an `integer`)."""
    if value is None:
        return {"null"}
    if isinstance(value, bool):
        return {"boolean"}
    if isinstance(value, int):
        return {"integer", "number"}
    if isinstance(value, float):
        return {"integer", "number"} if value.is_integer() else {"number"}
    if isinstance(value, str):
        return {"string"}
    if isinstance(value, list):
        return {"array"}
    return {"object"}


def declared_types(schema: Any) -> frozenset[str]:
    """The standard names of a schema's `type`; empty, so nothing is judged, when it has
    none, or when any name is unknown or means "anything" (`any`, `""`)."""
    declared = schema.get("type") if isinstance(schema, dict) else None
    names: list[Any] = declared if isinstance(declared, list) else [declared]
    if not names or not all(isinstance(n, str) for n in names):
        return frozenset()
    types = {standard_type(n) for n in names}
    return frozenset() if None in types else frozenset(types)  # type: ignore[arg-type]  # None is not in them


def applies_to(types: frozenset[str] | set[str], wanted: str) -> bool:
    """Whether a schema declaring `types` can hold a value a `wanted`-type keyword constrains."""
    return wanted in types or (wanted == "number" and "integer" in types)


def canonical(value: Any) -> str:
    """A key equal for values JSON Schema calls equal: `1` and `1.0` match, `true` and `1` do not."""
    return json.dumps(_normalized(value), sort_keys=True)


def _normalized(value: Any) -> Any:
    if isinstance(value, float) and value.is_integer():
        return int(value)
    if isinstance(value, list):
        return [_normalized(v) for v in value]
    if isinstance(value, dict):
        return {k: _normalized(v) for k, v in value.items()}
    return value
