"""An object that accepts keys nobody declared.

## What it does
Flags an object schema with `properties` that neither sets `additionalProperties:
false` nor `unevaluatedProperties: false`. Objects that combine subschemas with
`allOf` are pointed at `unevaluatedProperties`, which sees through the combination.
Tools whose provider refuses `additionalProperties` are skipped: a Gemini `parameters`
schema (an OpenAPI subset) cannot express a closed object.

## Why is this bad
An open object lets a call carry invented keys (`userId`, `force`, `admin`) straight
into the executor, and hides typos: `recipent` is accepted while `recipient` is
silently missing.

## Example
```json
{"type": "object", "properties": {"title": {"type": "string"}}, "required": ["title"]}
```
Use instead:
```json
{"type": "object", "properties": {"title": {"type": "string"}}, "required": ["title"],
 "additionalProperties": false}
```

## Fix safety
Unsafe (tightening): calls with undeclared keys are rejected after the fix.
"""

from __future__ import annotations

from schema_lint.model import Fix, FixSafety, Operation, Severity
from schema_lint.pointer import join
from schema_lint.rule import Finding, by_side_effects
from schema_lint.schema_walk import label

CODE = "SL201"
NAME = "open-object"
SEVERITY = by_side_effects(read=Severity.WARNING, write=Severity.ERROR)
FIXABLE = True


def check(ctx):
    if ctx.refuses("additionalProperties"):
        return
    for node in ctx.objects():
        if not isinstance(node.get("properties"), dict) or node.keyword in ("allOf", "not"):
            continue
        if node.get("additionalProperties", True) is not True or node.get("unevaluatedProperties", True) is not True:
            continue
        sees_through_allof = "allOf" in node.schema and not ctx.refuses("unevaluatedProperties")
        keyword = "unevaluatedProperties" if sees_through_allof else "additionalProperties"
        fix = Fix(f"set `{keyword}: false`", FixSafety.UNSAFE, (Operation("add", join(node.pointer, keyword), False),))
        yield Finding(node.pointer, f"object `{label(node)}` accepts undeclared keys (no `{keyword}: false`)", fix=fix)
