"""An object with properties that does not say which of them are required.

## What it does
Flags an object schema that has `properties` but no `required` keyword (unless every
property has a `default`, so nothing can be missing). On a write or
destructive tool it also flags an empty `required: []`; on a read tool an explicit
empty list is taken as a statement of intent.

## Why is this bad
Without `required`, every argument is optional: a call that omits `priority` or
`recipient` validates and reaches the executor, which then guesses or fails late.
Models drop arguments they were not told are mandatory.

## Example
```json
{"type": "object", "properties": {"title": {"type": "string"}, "limit": {"type": "integer", "default": 10}}}
```
Use instead:
```json
{"type": "object", "properties": {"title": {"type": "string"}, "limit": {"type": "integer", "default": 10}},
 "required": ["title"]}
```

## Fix safety
Unsafe (tightening): the fix adds `required` listing every property that has no
`default` and does not accept `null`; calls that omitted those now fail. Review it.
Under `openai-strict`, which refuses a partial `required`, it requires every property
and makes the optional ones nullable instead.
"""

from __future__ import annotations

from schema_lint.model import Fix, FixSafety, Operation, Severity, SideEffects
from schema_lint.pointer import join
from schema_lint.rule import Finding, by_side_effects
from schema_lint.providers.openai_strict import nullable_required_fix
from schema_lint.schema_walk import SchemaNode, accepts_null, label

CODE = "SL101"
NAME = "missing-required"
SEVERITY = by_side_effects(read=Severity.WARNING, write=Severity.ERROR)
FIXABLE = True


def check(ctx):
    for node in ctx.objects():
        properties = node.get("properties")
        if not isinstance(properties, dict) or not properties or node.keyword == "not" or _all_defaulted(properties):
            continue
        required = node.get("required")
        if required is None:
            yield Finding(node.pointer, f"object `{label(node)}` has properties but no `required`",
                          fix=_fix(ctx, node, "add"))
        elif required == [] and ctx.side_effects is not SideEffects.READ:
            yield Finding(join(node.pointer, "required"),
                          f"object `{label(node)}` of a {ctx.side_effects} tool requires nothing",
                          fix=_fix(ctx, node, "replace"))


def _all_defaulted(properties: dict) -> bool:
    """Every property has a `default`: a call can leave any of them out and nothing is missing."""
    return all(isinstance(schema, dict) and "default" in schema for schema in properties.values())


def _fix(ctx, node: SchemaNode, op: str) -> Fix | None:
    """Require what is not optional by nature; openai-strict instead requires all, the rest nullable."""
    if ctx.optional_as_nullable:
        return nullable_required_fix(node)
    names = [name for name, schema in node.get("properties").items() if not _optional_by_nature(schema)]
    if not names:
        return None
    return Fix(f"require {', '.join(names)}", FixSafety.UNSAFE, (Operation(op, join(node.pointer, "required"), names),))


def _optional_by_nature(schema) -> bool:
    """A property with a default or that accepts null is optional on purpose."""
    return not isinstance(schema, dict) or "default" in schema or accepts_null(schema)
