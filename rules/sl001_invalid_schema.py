"""A schema that its own metaschema rejects.

## What it does
Validates each tool's argument schema against the metaschema of its dialect
(`$schema`, or 2020-12 when absent) and reports every violation at its position.
Non-standard type names (`dict`, `float`, Gemini's `STRING`) are left to SL005. In a
Gemini declaration's `parameters`, the counts its protobuf JSON writes as strings
(`"maxItems": "3"`) are read as the numbers they are.
Only the bundled metaschemas (draft-04, -06, -07, 2019-09, 2020-12) are used: a
`$schema` naming any other URI is reported as not checked, and never fetched.

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

from schema_lint.model import Severity
from schema_lint.schema.offline import (DEFAULT_DIALECT, bundled_spelling, dialect_of, is_bundled, is_valid_schema,
                                metaschema_validator)
from schema_lint.schema.pointer import join
from schema_lint.text.display import clip
from schema_lint.rule import ARGUMENTS, RESULTS, Finding
from schema_lint.schema.dialect import STANDARD_TYPES, gemini_numbers, is_openapi_dialect, understood_type
from schema_lint.schema.keywords import declared_draft, map_subschemas
from schema_lint.schema.metaschema_shortcut import verdict

CODE = "SL001"
NAME = "invalid-schema"
SCHEMAS = (ARGUMENTS, RESULTS)  # about the schema itself: results schemas too
SEVERITY = Severity.ERROR


def check(ctx):
    schema = ctx.tool.schema
    if is_openapi_dialect(ctx.tool.format, ctx.tool.schema_pointer):
        schema = gemini_numbers(schema)  # "maxItems": "3" is how Gemini's JSON writes the number 3
    dialect = dialect_of(schema)
    if not is_bundled(dialect):
        yield _not_bundled(ctx, dialect)
        return
    if _valid_but_for_dialect_types(schema, dialect):
        return  # valid, or its only faults are dialect type names: SL005's, and no error needs reading
    # The 2020-12 metaschema reaches one subschema through several vocabularies, so one
    # cause comes back once per route: report each (place, cause) once.
    reported: set[tuple[str, str]] = set()
    for error in metaschema_validator(dialect).iter_errors(schema):
        path = list(error.instance_path)
        if _is_dialect_type(schema, path):
            continue  # most errors in dialect-typed files: no pointer needed
        pointer = join(ctx.tool.schema_pointer, *path)
        if (pointer, error.message) in reported:
            continue
        reported.add((pointer, error.message))
        yield Finding(pointer, f"invalid schema: {error.message}")


def _not_bundled(ctx, dialect: str) -> Finding:
    """A `$schema` this linter has no copy of: fetching it is never an option."""
    message = f"`$schema` {clip(dialect)!r}: cannot check against a metaschema that is not bundled (it is never fetched)"
    meant = bundled_spelling(dialect)
    if meant is not None:
        message += f"; did you mean `{meant}`?"
    return Finding(join(ctx.tool.schema_pointer, "$schema"), message, severity=Severity.WARNING)


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
    return _excused(node)


def _excused(written_type) -> bool:
    if isinstance(written_type, str):  # the usual one, told without building a list
        return written_type not in STANDARD_TYPES and understood_type(written_type)
    names = written_type if isinstance(written_type, list) else [written_type]
    return any(isinstance(n, str) and n not in STANDARD_TYPES for n in names) and all(
        isinstance(n, str) and understood_type(n) for n in names)


def _valid_but_for_dialect_types(schema, dialect: str) -> bool:
    """Whether the schema is valid, or (under 2020-12, see `_with_excused_types_standard`)
    would be with each type `_excused` spelled "string".

    `metaschema_shortcut` answers most schemas both at once, in one walk with the types
    excused in place: excusing only lets more pass, so its False holds for the schema as
    written too. The copy is made only when jsonschema-rs must say.
    """
    if dialect == DEFAULT_DIALECT:
        certain = verdict(schema, declared_draft(schema) or "2020-12", excused=_excused)
        if certain is not None:
            return certain
    if is_valid_schema(schema) is not False:
        return True
    return dialect == DEFAULT_DIALECT and bool(is_valid_schema(_with_excused_types_standard(schema)))


def _with_excused_types_standard(schema):
    """A copy of `schema` in which each `type` that `_is_dialect_type` excuses reads "string".

    The 2020-12 metaschema judges a `type` by its own value alone and reports it there
    (it reaches every subschema through `$dynamicRef`, never through an `anyOf` that would
    report a bad `type` at the subschema above), so the copy is valid exactly when every
    error of the original is at such a `type`: anything else wrong, or at a position this
    walk does not reach, leaves the copy invalid too, and the errors are then read one by
    one. Earlier drafts wrap `items` and `additionalProperties` in `anyOf`, so for them
    the errors are always read. Python-generated schemas (`dict`, `float`) are mostly of
    this kind, and reading each error back from the validator costs more than the copy.
    """
    if not isinstance(schema, dict):
        return schema
    copy = map_subschemas(schema, lambda _keyword, subschema: _with_excused_types_standard(subschema))
    if "type" in copy and _excused(copy["type"]):
        copy["type"] = "string"
    return copy
