"""A `default` or an `examples` entry that its own schema rejects.

## What it does
Validates each `default` value and each `examples` entry against the subschema that
carries it, with format assertions on (as the boundary validates calls), local `$ref`s
resolved against the tool's schema, and nothing remote fetched. Types spelled in a
dialect (`float`, Gemini's `STRING` with `nullable`) are read as JSON Schema's, so
BFCL and Gemini defaults are checked too; a subschema that still cannot be compiled is
left to SL001, SL002, SL003 and SL005.

## Why is this bad
Models copy defaults and examples into calls. A default the schema rejects teaches the
model a call that fails, and an executor that fills the default in when the argument
is omitted runs with a value no caller could have sent.

## Example
```json
{"type": "integer", "minimum": 1, "maximum": 100, "default": 0}
```
Use instead:
```json
{"type": "integer", "minimum": 1, "maximum": 100, "default": 1}
```

## Fix safety
No automatic fix: a default is a decision about behaviour, and deleting or changing a
user's default is never done for them.
"""

from __future__ import annotations

import json
from urllib.parse import quote

from schema_lint.model import Severity
from schema_lint.pointer import join
from schema_lint.rule import ARGUMENTS, RESULTS, Finding
from schema_lint.dialect import is_openapi_dialect, normalize_dialect
from schema_lint.schema_walk import label

CODE = "SL008"
NAME = "default-violates-schema"
SCHEMAS = (ARGUMENTS, RESULTS)  # about the schema itself: results schemas too
SEVERITY = Severity.WARNING
FIXABLE = False
# The tool's schema is registered under this URI so each subschema is compiled in place,
# with its local references resolving against the tool's root.
_ROOT = "urn:schema-lint:tool"


def check(ctx):
    import jsonschema_rs

    from schema_lint.offline import refuse

    nodes = [node for node in ctx.walk() if _carries_values(node) and not _under_not(node)]
    if not nodes:
        return
    try:
        openapi = is_openapi_dialect(ctx.tool.format, ctx.tool.schema_pointer)
        registry = jsonschema_rs.Registry([(_ROOT, normalize_dialect(ctx.tool.schema, openapi))], retriever=refuse)
    except (ValueError, jsonschema_rs.ReferencingError):
        return
    for node in nodes:
        validator = _validator(registry, node.pointer[len(ctx.tool.schema_pointer):])
        if validator is None:
            continue
        if "default" in node.schema:
            yield from _violations(validator, node, node.schema["default"], "default", join(node.pointer, "default"))
        examples = node.get("examples")
        for index, example in enumerate(examples if isinstance(examples, list) else ()):
            yield from _violations(validator, node, example, "example", join(node.pointer, "examples", index))


def _violations(validator, node, value, what: str, pointer: str):
    error = next(iter(validator.iter_errors(value)), None)
    if error is not None:
        shown = json.dumps(value, ensure_ascii=False)
        shown = shown if len(shown) <= 60 else shown[:57] + "..."
        advice = " (to mark the argument optional, leave `default` out or let the schema accept null)" \
            if value is None and what == "default" else ""
        yield Finding(pointer, f"{what} {shown} of `{label(node)}` is rejected by its own schema: {error.message}{advice}")


def _validator(registry, relative_pointer: str):
    import jsonschema_rs

    from schema_lint.offline import validator

    reference = {"$ref": f"{_ROOT}#{quote(relative_pointer, safe='/~')}"}
    try:
        return validator(reference, registry=registry, validate_formats=True)
    except (ValueError, jsonschema_rs.ReferencingError):
        return None


def _carries_values(node) -> bool:
    return isinstance(node.schema, dict) and ("default" in node.schema or isinstance(node.schema.get("examples"), list))


def _under_not(node) -> bool:
    """Values under `not` describe what is refused; they need not validate."""
    while node is not None:
        if node.keyword == "not":
            return True
        node = node.parent
    return False
