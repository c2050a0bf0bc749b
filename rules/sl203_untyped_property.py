"""A property that accepts any JSON value.

## What it does
Flags a property whose schema constrains nothing about the value's type: `{}`, `true`,
a schema with only a description or a default, or a `type` that means "anything"
(BFCL's `"any"`, an empty `""`). A property with a `type`, `enum`, `const`, `$ref`, a
combinator (`anyOf`, `oneOf`, `allOf`, `not`, `if`), or the structure of an object
(`properties`) or an array (`items`) is typed. Spelling `"type": "any"` the standard way
is SL005's business; this rule asks for an actual type.

## Why is this bad
The model gets no hint of the shape to send and the boundary can neither validate nor
canonicalize the value: a number, a string of JSON or a nested object all pass and reach
the executor, which must guess.

## Example
```json
{"type": "object", "properties": {"value": {"description": "The value to set"}}}
```
Use instead:
```json
{"type": "object", "properties": {"value": {"type": "string", "description": "The value to set", "maxLength": 256}}}
```

## Fix safety
No fix: which type was meant is for a person to say.
"""

from __future__ import annotations

from schema_lint.model import Severity
from schema_lint.rule import Finding, by_side_effects
from schema_lint.schema.dialect import means_any
from schema_lint.schema.walk import label, refines_a_field

CODE = "SL203"
NAME = "untyped-property"
SEVERITY = by_side_effects(read=Severity.INFO, write=Severity.WARNING)
# Keywords that say what a value is, without `type`.
TYPING_KEYWORDS = frozenset({"enum", "const", "$ref", "$dynamicRef", "anyOf", "oneOf", "allOf", "not", "if",
                             "properties", "patternProperties", "items", "prefixItems",
                             "any_of"})  # google-genai's spelling of anyOf in Gemini `parameters`


def check(ctx):
    for node in ctx.properties():
        if untyped(node.schema) and not refines_a_field(node):
            yield Finding(node.pointer, f"property `{label(node)}` accepts any JSON value: give it a type")


def untyped(schema) -> bool:
    if schema is True:
        return True
    if not isinstance(schema, dict) or not TYPING_KEYWORDS.isdisjoint(schema):
        return False
    declared = schema.get("type")
    names = declared if isinstance(declared, list) else [declared]
    return declared is None or any(_means_any(n) for n in names)


def _means_any(name) -> bool:
    """`"any"`, `""`: a dialect's word for "no constraint" (an unknown name is SL005's, not ours)."""
    return isinstance(name, str) and means_any(name)
