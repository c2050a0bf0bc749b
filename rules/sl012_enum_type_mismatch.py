"""An `enum` or `const` value that the schema's own `type` rejects.

## What it does
Flags each `enum` value, and a `const`, whose JSON type is not among the declared
`type`s (`"5"` in the enum of an `integer`, `null` in the enum of a `string` that does
not also allow `"null"`). Dialect type names (`int`, `str`, Gemini's `STRING`) count as
their standard types, and the numerals of a Gemini `enum` on an `INTEGER` or `NUMBER`
(`["101", "201"]`: Gemini writes every enum as strings) as the numbers they stand for.

## Why is this bad
Both keywords must hold, so such a value can never be sent: the model is offered a
choice the validator refuses, and the retry it makes is a guess. Often it is the sign
of a type that was meant to be a union (`["string", "null"]`).

## Example
```json
{"type": "integer", "enum": [1, 2, "3"]}
```
Use instead:
```json
{"type": "integer", "enum": [1, 2, 3]}
```

## Fix safety
Safe when some values fit: the fix removes the values that could never validate, and
the schema accepts exactly what it accepted before. No fix when none fit (or for a
`const`): the schema accepts nothing, and what was meant is for a person to say. A
`null` beside `nullable: true` (OpenAPI's spelling, which JSON Schema validators ignore)
was meant: the suggestion adds `"null"` to `type` instead of removing it.
"""

from __future__ import annotations

import json

from schema_lint.schema.dialect import gemini_numbers_at, is_openapi_dialect
from schema_lint.schema.json_types import declared_types, instance_types
from schema_lint.model import Fix, FixSafety, Operation, Severity
from schema_lint.schema.pointer import join
from schema_lint.rule import ARGUMENTS, RESULTS, Finding
from schema_lint.schema.walk import label

CODE = "SL012"
NAME = "enum-type-mismatch"
SCHEMAS = (ARGUMENTS, RESULTS)  # about the schema itself: results schemas too
SEVERITY = Severity.WARNING
FIXABLE = True
KEYWORDS = ("enum", "const")


def check(ctx):
    gemini = is_openapi_dialect(ctx.tool.format, ctx.tool.schema_pointer)
    for node in ctx.with_keyword("type"):
        if "enum" not in node.schema and "const" not in node.schema:
            continue  # nothing to judge, as in most typed subschemas
        types = declared_types(node.schema)
        if not types:
            continue
        # Gemini writes every `enum` as strings: `["101", "201"]` on an INTEGER means 101 and 201.
        values = gemini_numbers_at(node.schema).get("enum", node.get("enum")) if gemini else node.get("enum")
        if isinstance(values, list):
            fitting = [v for v in values if instance_types(v) & types]
            if len(fitting) < len(values):
                wrong = [v for v in values if not instance_types(v) & types]
                pointer = join(node.pointer, "enum")
                fix = Fix("remove the values the type rejects", FixSafety.SAFE,
                          (Operation("replace", pointer, fitting),)) if fitting else None
                if fitting and wrong == [None] and node.get("nullable") is True:
                    fix = _null_meant(node)
                yield Finding(pointer, f"`{label(node)}` is {_show_types(types)}, so its enum values "
                              f"{', '.join(map(_show, wrong))} can never validate", fix=fix,
                              severity=None if fitting else Severity.ERROR)
        if "const" in node.schema and not instance_types(node.get("const")) & types:
            yield Finding(join(node.pointer, "const"), f"`{label(node)}` is {_show_types(types)}, so its const "
                          f"{_show(node.get('const'))} can never validate: nothing is accepted", severity=Severity.ERROR)


def _null_meant(node) -> Fix:
    """`nullable: true` beside a `null` in the enum: null is meant (OpenAPI 3.0's spelling, which
    zod's and other generators' OpenAPI targets write), and only the type, which JSON Schema
    reads without `nullable`, refuses it. Removing the `null` would undo what the author
    wrote; adding it to the type accepts calls the schema refuses now: for a person to choose."""
    declared = node.get("type")
    types = [*declared, "null"] if isinstance(declared, list) else [declared, "null"]
    return Fix("add `\"null\"` to `type` (`nullable: true` says null is meant, and JSON Schema validators ignore "
               "`nullable`)", FixSafety.SUGGESTION, (Operation("replace", join(node.pointer, "type"), types),))


def _show_types(types: frozenset[str]) -> str:
    return " or ".join(f"`{t}`" for t in sorted(types))


def _show(value) -> str:
    text = json.dumps(value)
    return text if len(text) <= 30 else text[:27] + "..."
