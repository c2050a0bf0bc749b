"""A schema with both `const` and `enum`.

## What it does
Flags a subschema that sets `const` and `enum` together.

## Why is this bad
Both must hold, so the `enum` adds nothing but noise when it contains the `const` (a
reader, or a model, sees a choice that does not exist), and makes the schema accept
nothing at all when it does not.

## Example
```json
{"type": "string", "const": "email", "enum": ["console", "email"]}
```
Use instead:
```json
{"type": "string", "const": "email"}
```

## Fix safety
Safe when the `enum` contains the `const`: the fix removes the `enum`, and the schema
accepts exactly the same values. No fix when it does not, since the schema rejects
everything and which keyword is wrong is for a person to say.
"""

from __future__ import annotations

from schema_lint.schema.json_types import canonical
from schema_lint.model import Fix, FixSafety, Operation, Severity
from schema_lint.schema.pointer import join
from schema_lint.rule import ARGUMENTS, RESULTS, Finding
from schema_lint.schema.walk import label

CODE = "SL010"
NAME = "const-with-enum"
SCHEMAS = (ARGUMENTS, RESULTS)  # about the schema itself: results schemas too
SEVERITY = Severity.WARNING
FIXABLE = True
KEYWORDS = ("const",)


def check(ctx):
    for node in ctx.with_keyword("const"):
        if not isinstance(node.get("enum"), list):
            continue
        pointer = join(node.pointer, "enum")
        if canonical(node.get("const")) in {canonical(v) for v in node.get("enum")}:
            fix = Fix("remove the redundant `enum`", FixSafety.SAFE, (Operation("remove", pointer),))
            yield Finding(pointer, f"`{label(node)}` sets `const`; its `enum` adds nothing", fix=fix)
        else:
            yield Finding(pointer, f"`{label(node)}`: the `const` is not in the `enum`, so no value is accepted",
                          severity=Severity.ERROR)
