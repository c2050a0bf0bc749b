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

from schema_lint.model import Severity
from schema_lint.schema.pointer import join
from schema_lint.rule import ARGUMENTS, RESULTS, Finding
from schema_lint.schema.dialect import is_openapi_dialect, normalize_dialect
from schema_lint.schema.keywords import declared_draft
from schema_lint.schema.scalar_shortcut import accepts, rejection
from schema_lint.schema.walk import label
from schema_lint.text.display import short_numbers

CODE = "SL008"
NAME = "default-violates-schema"
SCHEMAS = (ARGUMENTS, RESULTS)  # about the schema itself: results schemas too
SEVERITY = Severity.WARNING
FIXABLE = False
KEYWORDS = ("default", "examples")
# The tool's schema is registered under this URI so each subschema is compiled in place,
# with its local references resolving against the tool's root.
_ROOT = "urn:schema-lint:tool"
# Keywords that make a subschema's meaning depend on where it stands: references, and the
# identifiers and anchors they resolve by (and `$schema`, below the root).
_RESOURCE_KEYWORDS = frozenset({"$ref", "$dynamicRef", "$recursiveRef", "$id", "id", "$anchor", "$dynamicAnchor",
                                "$recursiveAnchor"})


def check(ctx):
    nodes = [node for node in ctx.walk() if _carries_values(node) and not _under_not(node)]
    if not nodes:
        return
    openapi = is_openapi_dialect(ctx.tool.format, ctx.tool.schema_pointer)
    standalone = _standalone_schemas(ctx, openapi)
    if standalone is not None:
        draft = declared_draft(ctx.tool.schema) or "2020-12"
        validator_of = lambda node: _compiled(standalone(node))  # noqa: E731
    else:
        validator_of = _validators_in_place(ctx, openapi)
        if validator_of is None:
            return
    for node in nodes:
        if standalone is not None:
            told = _told(standalone(node), node, draft)
            if told is not None:
                yield from told
                continue
        validator = validator_of(node)
        if validator is None:
            continue
        for value, what, where in _values(node):
            error = next(iter(validator.iter_errors(value)), None)
            if error is not None:
                yield _finding(node, value, what, where, error.message)


def _told(schema, node, draft: str):
    """The node's findings as `scalar_shortcut` tells them, with nothing compiled: most values
    are scalars it accepts, and most it rejects it rejects by their type alone, with the
    message jsonschema-rs gives (`rejection`). None when a value needs jsonschema-rs."""
    found = []
    for value, what, where in _values(node):
        accepted = accepts(schema, value, draft)
        if accepted is True:
            continue
        message = rejection(schema, value, draft) if accepted is False else None
        if message is None:
            return None
        found.append(_finding(node, value, what, where, message))
    return found


def _values(node):
    """(value, what it is, where it is below the node) for the node's default and each of its
    examples; the pointer is written out only for a finding."""
    if "default" in node.schema:
        yield node.schema["default"], "default", ("default",)
    examples = node.get("examples")
    for index, example in enumerate(examples if isinstance(examples, list) else ()):
        yield example, "example", ("examples", index)


def _finding(node, value, what: str, where: tuple, message: str) -> Finding:
    shown = json.dumps(value, ensure_ascii=False)
    shown = shown if len(shown) <= 60 else shown[:57] + "..."
    advice = ""
    if value is None and node.get("nullable") is True:
        # What an OpenAPI target writes (zod's `target: "openapi-3.0"`): null is meant.
        advice = " (`nullable: true` is OpenAPI's and JSON Schema validators ignore it: add `\"null\"` to `type`)"
    elif value is None and what == "default":
        advice = " (to mark the argument optional, leave `default` out or let the schema accept null)"
    return Finding(join(node.pointer, *where), f"{what} {shown} of `{label(node)}` is rejected by its own schema: "
                                               f"{short_numbers(message)}{advice}")


def _validators_in_place(ctx, openapi: bool):
    """A validator for each subschema, compiled where it stands in the tool's schema (its
    references resolve against the root); None when the schema cannot be registered."""
    from urllib.parse import quote

    import jsonschema_rs

    from schema_lint.schema.offline import refuse

    if ctx.costly_to_validate is not None:
        return None  # no value is validated against it, which could take hours (SL021 says so)
    try:
        registry = jsonschema_rs.Registry([(_ROOT, normalize_dialect(ctx.tool.schema, openapi))], retriever=refuse)
    except (ValueError, jsonschema_rs.ReferencingError):
        return None
    prefix = len(ctx.tool.schema_pointer)
    return lambda node: _compiled({"$ref": f"{_ROOT}#{quote(node.pointer[prefix:], safe='/~')}"},
                                  registry=registry)


def _standalone_schemas(ctx, openapi: bool):
    """Each subschema on its own, in the root's dialect, when validating against that gives
    what validating in place gives: no subschema refers anywhere or names itself (`$ref`,
    `$id`, anchors, a `$schema` below the root) and the root's dialect is bundled.
    Registering the whole schema and referring into it costs about three times as much."""
    from schema_lint.schema.offline import is_bundled

    root = ctx.tool.schema  # a dict: it holds the dict subschemas `check` found
    dialect = root.get("$schema")
    if "$schema" in root and not (isinstance(dialect, str) and is_bundled(dialect)):
        return None
    # The keywords of the tool's subschemas, gathered once for every rule, answer most
    # schemas without a pass over the nodes.
    if not _RESOURCE_KEYWORDS.isdisjoint(ctx.keywords) or any(
            node.parent is not None for node in ctx.with_keyword("$schema")):
        return None
    declared = {"$schema": dialect} if dialect is not None else {}
    return lambda node: {**normalize_dialect(node.schema, openapi), **declared}


def _compiled(schema, **options):
    import jsonschema_rs

    from schema_lint.schema.offline import validator

    try:
        return validator(schema, validate_formats=True, **options)
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
