"""A schema whose references multiply the work of validating one value past any budget.

## What it does
Counts, for each subschema, how many subschemas a validator evaluates when it applies that
one to a value: itself, whatever it applies to the same value through `$ref`, `allOf`,
`anyOf`, `oneOf`, `not`, `if`/`then`/`else` and `dependentSchemas`, and the most it applies
to any one member or item of the value (through `properties`, `patternProperties`, `items`,
`contains` …), level by level. A subschema two of them reach is counted twice. Flags the
first subschema whose count passes 10,000 (or the schema's own number of subschemas, if
larger). The count is memoized, so checking costs time in proportion to the schema, however
large the number it finds. A recursive schema is counted once round each cycle. A cycle
that never steps into the value (`a` refers to `b`, whose `allOf` refers to `a`) is flagged
too, at the first subschema reached again: nothing ends it but the validator giving up.

## Why is this bad
A chain of definitions whose branches each refer to the next link doubles the work at
every link: 35 links, 2 KB of JSON, keep a validator (jsonschema-rs, ajv, a provider's
own) busy for hours on one argument that fails them. So does a chain whose links each pass
every item of an array on through both `items` and `contains`, on a nested array. Every call of the tool can hang the
server that checks it, and so can a CI run that validates a `default`. A cycle on one value
is worse: the specification leaves it undefined ("Schemas SHOULD NOT make use of infinite
recursive nesting like this", JSON Schema Core 2020-12, section 9.4.1); Python's
`jsonschema` recurses until it fails with a `RecursionError`, jsonschema-rs stops it. Real tool schemas
stay far below the limit: their subschemas are reached a handful of times.
schema-lint validates no value against such a schema: SL008 leaves its defaults
unchecked, and `replay`, `check --calls` and `fuzz` report the tool as one they cannot use.

## Example
```json
{"type": "object", "properties": {"filter": {"$ref": "#/$defs/f0"}},
 "$defs": {"f0": {"anyOf": [{"$ref": "#/$defs/f1"}, {"$ref": "#/$defs/f1"}]},
           "f1": {"anyOf": [{"$ref": "#/$defs/f2"}, {"$ref": "#/$defs/f2"}]},
           "f2": {"type": "string"}}}
```
(with 35 such links instead of 2). Use instead:
```json
{"type": "object", "properties": {"filter": {"$ref": "#/$defs/f2"}},
 "$defs": {"f2": {"type": "string"}}}
```

## Fix safety
No automatic fix: which branches were meant is for a person to decide.
"""

from __future__ import annotations

from schema_lint.model import Severity
from schema_lint.rule import ARGUMENTS, RESULTS, Finding
from schema_lint.schema.refs import REF_KEYWORDS
from schema_lint.schema.walk import label

CODE = "SL021"
NAME = "costly-validation"
SCHEMAS = (ARGUMENTS, RESULTS)  # about the schema itself: results schemas too
SEVERITY = Severity.ERROR
FIXABLE = False
KEYWORDS = REF_KEYWORDS  # only references share subschemas


def check(ctx):
    found = ctx.costly_to_validate
    if found is not None:
        node, why = found
        yield Finding(node.pointer, f"validating a value against `{label(node)}` takes too long: {why}")
    loop = ctx.loops_on_one_value
    if loop is not None:
        yield Finding(loop.pointer, f"`{label(loop)}` applies itself again to the same value through references "
                                    "and allOf/anyOf/oneOf/not/if, never stepping into it: a validator that follows "
                                    "the loop never ends (Python's jsonschema recurses until it fails)")
