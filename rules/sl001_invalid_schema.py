"""A schema that its own metaschema rejects.

## What it does
Validates each tool's argument schema against the metaschema of its dialect
(`$schema`, or 2020-12 when absent) and reports every violation at its position.
Non-standard type names (`dict`, `float`, Gemini's `STRING`) are left to SL005.

## Why is this bad
Validators disagree on how to treat an invalid schema: some raise at load time,
some ignore the broken keyword, so `"required": "title"` or `"minLength": "5"`
silently enforces nothing, and a provider may refuse the whole tool.

## Example
```json
{"type": "object", "properties": {"title": {"type": "string", "minLength": "1"}}, "required": "title"}
```
Use instead:
```json
{"type": "object", "properties": {"title": {"type": "string", "minLength": 1}}, "required": ["title"]}
```

## Fix safety
No automatic fix: what was meant is for a person to decide.
"""

from __future__ import annotations

from functools import lru_cache

from schema_lint.model import Severity
from schema_lint.pointer import join
from schema_lint.rule import Finding
from schema_lint.dialect import STANDARD_TYPES, understood_type

CODE = "SL001"
NAME = "invalid-schema"
SEVERITY = Severity.ERROR
DEFAULT_DIALECT = "https://json-schema.org/draft/2020-12/schema"


@lru_cache(maxsize=None)
def _metaschema_validator(dialect: str):
    import jsonschema_rs

    return jsonschema_rs.validator_for({"$schema": dialect, "$ref": dialect})


def check(ctx):
    import jsonschema_rs

    schema = ctx.tool.schema
    dialect = schema.get("$schema", DEFAULT_DIALECT) if isinstance(schema, dict) else DEFAULT_DIALECT
    if not isinstance(dialect, str):
        dialect = DEFAULT_DIALECT
    try:
        if jsonschema_rs.meta.is_valid(schema):
            return
        validator = _metaschema_validator(dialect)
    except (jsonschema_rs.ReferencingError, ValueError):
        yield Finding(join(ctx.tool.schema_pointer, "$schema"),
                      f"unknown `$schema` {dialect!r}: cannot check the schema against its metaschema",
                      severity=Severity.WARNING)
        return
    for error in validator.iter_errors(schema):
        path = list(error.instance_path)
        if _is_dialect_type(schema, path):
            continue
        yield Finding(join(ctx.tool.schema_pointer, *path), f"invalid schema: {error.message}")


def _is_dialect_type(schema, path: list) -> bool:
    """A `type` whose names are non-standard spellings: SL005's finding, not ours."""
    if not path or path[-1] != "type":
        return False
    node = schema
    for token in path:
        try:
            node = node[token]
        except (KeyError, IndexError, TypeError):
            return False
    names = node if isinstance(node, list) else [node]
    return any(isinstance(n, str) and n not in STANDARD_TYPES for n in names) and all(
        isinstance(n, str) and understood_type(n) for n in names)
