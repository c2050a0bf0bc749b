"""Bounds that no value can meet.

## What it does
Flags a lower bound above its upper bound: `minimum > maximum` (or equal when either is
exclusive), `minLength > maxLength`, `minItems > maxItems`, `minProperties >
maxProperties`, `minContains > maxContains`, and an object that requires more properties
than its `maxProperties` allows.

## Why is this bad
The schema accepts no value of that type, so every call that sends one is rejected, and
the error the model gets back ("must be >= 10", then "must be <= 5") cannot be repaired
by any retry. It is almost always two swapped numbers or a bound edited on one side only.

## Example
```json
{"type": "integer", "minimum": 10, "maximum": 5}
```
Use instead:
```json
{"type": "integer", "minimum": 5, "maximum": 10}
```

## Fix safety
No fix: which bound is wrong is for a person to say.
"""

from __future__ import annotations

from schema_lint.model import Severity
from schema_lint.schema.pointer import join
from schema_lint.rule import ARGUMENTS, RESULTS, Finding
from schema_lint.schema.walk import label

CODE = "SL015"
NAME = "unsatisfiable-bounds"
SCHEMAS = (ARGUMENTS, RESULTS)  # about the schema itself: results schemas too
SEVERITY = Severity.ERROR
PAIRS = (("minLength", "maxLength"), ("minItems", "maxItems"), ("minProperties", "maxProperties"),
         ("minContains", "maxContains"))
# Every finding needs one of these (the lower end of a pair, or `maxProperties` against
# `required`): a subschema with none, nearly all of them, is passed over in one test.
_LOWER_BOUNDS = frozenset({low for low, _ in PAIRS} | {"minimum", "exclusiveMinimum", "maxProperties"})
KEYWORDS = _LOWER_BOUNDS


def check(ctx):
    for node in ctx.walk():
        if not isinstance(node.schema, dict) or node.schema.keys().isdisjoint(_LOWER_BOUNDS):
            continue
        for low, high in PAIRS:
            if _number(node.get(low)) and _number(node.get(high)) and node.get(low) > node.get(high):
                yield _finding(node, low, f"`{low}` {node.get(low)} is above `{high}` {node.get(high)}")
        yield from _numeric(node)
        required = node.get("required")
        if isinstance(required, list) and _number(node.get("maxProperties")) and len(set(map(str, required))) > node.get("maxProperties"):
            yield _finding(node, "maxProperties", f"requires {len(set(map(str, required)))} properties but "
                           f"`maxProperties` is {node.get('maxProperties')}")


def _numeric(node):
    lows = [(k, node.get(k), k == "exclusiveMinimum") for k in ("minimum", "exclusiveMinimum") if _number(node.get(k))]
    highs = [(k, node.get(k), k == "exclusiveMaximum") for k in ("maximum", "exclusiveMaximum") if _number(node.get(k))]
    for low_key, low, low_open in lows:
        for high_key, high, high_open in highs:
            if low > high or (low == high and (low_open or high_open)):
                yield _finding(node, low_key, f"`{low_key}` {low} leaves no room below `{high_key}` {high}")
                return


def _number(value) -> bool:
    return isinstance(value, (int, float)) and not isinstance(value, bool)


def _finding(node, keyword: str, problem: str) -> Finding:
    return Finding(join(node.pointer, keyword), f"`{label(node)}`: {problem}, so no value is accepted")
