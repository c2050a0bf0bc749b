"""A required string parameter that accepts the empty string.

## What it does
Flags a property listed in its object's `required` whose schema is a string and that
accepts `""`: no `minLength` of 1 or more, and no `enum`, `const` or `pattern` that
rules `""` out.

Off by default: read finding by finding on published tools, an empty required string is
rarely worth a `minLength` (a search for "" finds nothing, a tool that needs a value
refuses it), and those that are carry "non-empty" in their description, where the fix
applies (`bench/read_sample.py`). `--extend-select SL305` runs it.

## Why is this bad
`required` only says the key must be there. A model that has nothing to put in a
mandatory field sends `"title": ""`, which validates, and the executor creates a ticket
with no title or searches for nothing.

## Example
```json
{"type": "object", "properties": {"title": {"type": "string", "maxLength": 200}}, "required": ["title"]}
```
Use instead:
```json
{"type": "object", "properties": {"title": {"type": "string", "maxLength": 200, "minLength": 1}},
 "required": ["title"]}
```

## Fix safety
Unsafe (tightening): the fix sets `minLength: 1`, so `""` is rejected afterwards. An
empty string is a real answer often enough (an empty resolution note, a cleared field)
that the fix is offered only when the description says so ("non-empty", "must not be
empty").
"""

from __future__ import annotations

from schema_lint.prose.field_prose import says_non_empty, says_required
from schema_lint.model import Fix, FixSafety, Operation, Severity
from schema_lint.schema.patterns import search
from schema_lint.schema.pointer import join
from schema_lint.rule import Finding, by_side_effects
from schema_lint.schema.walk import label

CODE = "SL305"
NAME = "empty-string-allowed"
SEVERITY = by_side_effects(read=Severity.INFO, write=Severity.WARNING)
FIXABLE = True


def check(ctx):
    for node in ctx.properties():
        if "string" not in node.types:
            continue
        needed = node.required or says_required(node.get("description"))  # as SL101's fix would require it
        if not needed or _excludes_empty(node.schema):
            continue
        op = "replace" if "minLength" in node.schema else "add"
        fix = Fix("set `minLength: 1`", FixSafety.UNSAFE, (Operation(op, join(node.pointer, "minLength"), 1),)) \
            if says_non_empty(node.get("description")) else None
        yield Finding(node.pointer, f"required string `{label(node)}` accepts the empty string", fix=fix)


def _excludes_empty(schema: dict) -> bool:
    minimum = schema.get("minLength")
    if isinstance(minimum, (int, float)) and not isinstance(minimum, bool) and minimum >= 1:
        return True
    if "const" in schema:
        return schema["const"] != ""
    if isinstance(schema.get("enum"), list):
        return "" not in schema["enum"]
    pattern = schema.get("pattern")
    # An invalid pattern is SL001's business; do not pile a second finding on it.
    return isinstance(pattern, str) and search(pattern, "") is not True
