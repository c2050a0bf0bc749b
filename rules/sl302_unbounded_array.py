"""An array parameter with no bound on how many items it accepts.

## What it does
Flags an array schema without `maxItems`. Arrays pinned by `enum` or `const`, and
closed tuples (`prefixItems` with `items: false`, or a list of `items` with
`additionalItems: false`), are bounded already. On a read tool it speaks only where
there is ground for a bound (the description's, the traffic's, or `max-items`): read
finding by finding on published tools (`bench/read_sample.py`), a lookup's list of
filters or values with nothing to say how long it may be was almost never worth a change.

## Why is this bad
A model in a loop, or a prompt injection, can send ten thousand recipients, IDs or
file paths in one call, and every system behind the tool has to cope. A bound states
what the tool is built for and is enforced at the boundary with an error the model can
act on.

## Example
```json
{"type": "array", "items": {"type": "string", "format": "email"}}
```
Use instead:
```json
{"type": "array", "items": {"type": "string", "format": "email"}, "maxItems": 100}
```

## Fix safety
Unsafe (tightening): longer arrays are rejected afterwards, so the bound must come from
the description ("up to 50 items"), the traffic (`--calls`: at least 8, the next power of two at or
above twice the longest of at least 20 recorded arrays), or from `max-items` in the configuration (raised to
the array's `minItems` when that is larger). Without either there is no fix.
"""

from __future__ import annotations

from schema_lint.prose.field_prose import stated_limit
from schema_lint.traffic.values import ITEMS_FLOOR, evidence, round_bound, seen_at
from schema_lint.model import Fix, FixSafety, Operation, Severity, SideEffects
from schema_lint.schema.pointer import join
from schema_lint.rule import Finding, by_side_effects
from schema_lint.schema.walk import label

CODE = "SL302"
NAME = "unbounded-array"
SEVERITY = by_side_effects(read=Severity.INFO, write=Severity.WARNING)
FIXABLE = True


def check(ctx):
    configured = ctx.settings.get("max-items")
    for node in ctx.of_kind("array"):
        if _bounded(node):
            continue
        limit = stated_limit(node.get("description"), ("item", "element", "entr", "value"))
        seen = ""
        arrays = seen_at(ctx, node, "array") if limit is None else None
        if arrays is not None:
            longest = arrays.sizes.largest
            limit, seen = round_bound(longest, ITEMS_FLOOR), f" ({evidence(arrays.of_type('array'), f'longest {longest:,} items')})"
        if limit is None:
            limit = configured
        minimum = node.get("minItems")
        if limit is not None and isinstance(minimum, int) and not isinstance(minimum, bool):
            limit = max(limit, minimum)
        if limit is None and ctx.side_effects is SideEffects.READ:
            continue
        fix = None if limit is None else Fix(f"add `maxItems: {limit}`{seen}", FixSafety.UNSAFE,
                                             (Operation("add", join(node.pointer, "maxItems"), limit),))
        yield Finding(node.pointer, f"array `{label(node)}` has no maxItems", fix=fix)


def _bounded(node) -> bool:
    if any(key in node.schema for key in ("maxItems", "enum", "const")):
        return True
    items = node.get("items")
    if isinstance(node.get("prefixItems"), list) and items is False:
        return True
    return isinstance(items, list) and node.get("additionalItems") is False
