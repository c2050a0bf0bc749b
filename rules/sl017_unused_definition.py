"""A `$defs` / `definitions` entry that no `$ref` reaches.

## What it does
Flags each definition that no reference reaches from the schema's body, directly or
through other definitions in use. A definition carrying an `$id`, `$anchor`,
`$dynamicAnchor` or `$recursiveAnchor`, and every definition of a schema with an `$id`
of its own, may be named from outside the schema, so it counts as used. Findings of
other rules inside an unused definition are not reported: the definition is dead.

## Why is this bad
The whole schema travels with every request: an unused definition costs prompt tokens on
every call and validates nothing. It usually means a generator copied a shared `$defs`
into every tool, or a property was removed and its type left behind.

## Example
```json
{"type": "object", "properties": {"city": {"type": "string"}},
 "$defs": {"Address": {"type": "object", "properties": {"street": {"type": "string"}}}}}
```
Use instead:
```json
{"type": "object", "properties": {"city": {"type": "string"}}}
```

## Fix safety
Safe: no reference reaches the definition, so removing it changes what no call is
checked against. When every entry of a `$defs` is unused, the fix removes the keyword.
A bare JSON Schema file gets no fix, since another file may reference its definitions
by path (`tool.json#/$defs/Address`).
"""

from __future__ import annotations

import json

from schema_lint.model import Fix, FixSafety, Operation, Severity
from schema_lint.schema.pointer import parent
from schema_lint.rule import ARGUMENTS, RESULTS, Finding
from schema_lint.schema.walk import label
from schema_lint.schema.definitions import DEFINITION_KEYWORDS

CODE = "SL017"
NAME = "unused-definition"
SCHEMAS = (ARGUMENTS, RESULTS)  # about the schema itself: results schemas too
SEVERITY = Severity.WARNING
FIXABLE = True
KEYWORDS = DEFINITION_KEYWORDS


def check(ctx):
    definitions = ctx.definitions
    unused = set(definitions.unused)
    if not unused:
        return
    removable = ctx.tool.format != "json_schema"
    fixed_containers: set[str] = set()
    for pointer in definitions.unused:
        node = definitions.entries[pointer]
        if definitions.entry_at(parent(parent(pointer))) in unused:
            continue  # inside an unused definition: removed with it
        size = len(json.dumps(node.schema, ensure_ascii=False))
        referrer = definitions.referred_from_unused.get(pointer)
        used_by = (f"is referenced only from `{label(definitions.entries[referrer])}`, itself unused"
                   if referrer is not None else "is never referenced")
        message = f"`{label(node)}` {used_by}: its {size:,} characters are sent with every request and validate nothing"
        fix = None
        if removable:
            container = parent(pointer)
            siblings = {p for p in definitions.entries if parent(p) == container}
            if siblings <= unused:
                if container not in fixed_containers:
                    fixed_containers.add(container)
                    fix = Fix(f"remove the unused `{node.keyword}`", FixSafety.SAFE, (Operation("remove", container),))
            else:
                fix = Fix(f"remove the unused `{label(node)}`", FixSafety.SAFE, (Operation("remove", pointer),))
        yield Finding(pointer, message, fix=fix, at_key=True)
