"""The schema the generator draws from: what a model sends, and quick to draw.

hypothesis-jsonschema fills an open object with invented keys and arbitrary JSON
values, and an untyped property or a free-form object with arbitrary JSON documents:
slow to draw (most of a second for a two-field tool) and nothing a model sends. So,
for generation only:

- an object that lists its `properties` gets `additionalProperties: false`;
- a value the schema does not constrain at all (only annotations, or `true`) becomes a
  short scalar, and so do the members of a free-form object and the items of an
  array that says nothing about them.

Each change narrows what is generated to a subset of what the schema accepts. Objects
whose keys other subschemas may declare (`allOf` members, `$ref`s, `patternProperties`,
conditionals) stay as they are, and nothing below `not` or `if` is touched, where
narrowing would widen. Generated calls are re-validated against the real schema anyway.
"""

from __future__ import annotations

from typing import Any

from schema_lint.schema.keywords import map_subschemas

# What stands in for "any value": a short scalar of the kinds models send.
SCALAR = {"type": ["string", "integer", "boolean"], "maxLength": 24}
# Keywords that constrain nothing: a schema made only of these accepts any value.
_ANNOTATIONS = frozenset({"description", "title", "default", "examples", "$comment", "deprecated", "readOnly",
                          "writeOnly", "$id", "$schema", "$anchor", "markdownDescription"})
# An object with any of these may get keys from elsewhere, or already says what extra keys may be.
_KEEP_OPEN = frozenset({"additionalProperties", "unevaluatedProperties", "patternProperties", "propertyNames",
                        "allOf", "anyOf", "oneOf", "$ref", "$dynamicRef", "if", "dependentSchemas", "dependencies"})
_SAYS_WHAT_ITEMS_ARE = frozenset({"items", "prefixItems", "contains", "additionalItems", "unevaluatedItems",
                                  "allOf", "anyOf", "oneOf", "$ref", "$dynamicRef", "if"})
# Narrowing a subschema below these does not narrow the whole.
_INVERTING = ("not", "if")


def narrow_for_generation(schema: Any) -> Any:
    """A copy of `schema` that accepts a subset of its values: declared keys, short free values."""
    return _narrow(schema, "")


def _narrow(schema: Any, keyword: str) -> Any:
    if keyword in _INVERTING:
        return schema
    if schema is True or (isinstance(schema, dict) and set(schema) <= _ANNOTATIONS):
        return SCALAR
    if not isinstance(schema, dict):
        return schema
    out = map_subschemas(schema, lambda child_keyword, sub: _narrow(sub, child_keyword))
    types = _types(out)
    listed = isinstance(out.get("properties"), dict)
    if ("object" in types or (listed and not types)) and keyword != "allOf" and not _KEEP_OPEN & set(out):
        out["additionalProperties"] = False if listed else SCALAR
    if "array" in types and not _SAYS_WHAT_ITEMS_ARE & set(out):
        out["items"] = SCALAR
    return out


def _types(schema: dict) -> set[str]:
    written = schema.get("type")
    return {written} if isinstance(written, str) else set(written) if isinstance(written, list) else set()
