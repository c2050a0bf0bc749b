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
from schema_lint.schema.bounds import LOWER_BOUNDS, contradictions
from schema_lint.schema.pointer import join
from schema_lint.rule import ARGUMENTS, RESULTS, Finding
from schema_lint.schema.walk import label

CODE = "SL015"
NAME = "unsatisfiable-bounds"
SCHEMAS = (ARGUMENTS, RESULTS)  # about the schema itself: results schemas too
SEVERITY = Severity.ERROR
KEYWORDS = LOWER_BOUNDS


def check(ctx):
    for node in ctx.walk():
        for keyword, problem in contradictions(node.schema):
            yield Finding(join(node.pointer, keyword), f"`{label(node)}`: {problem}, so no value is accepted")
