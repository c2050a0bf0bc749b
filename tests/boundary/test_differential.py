"""The fast validator against the reference, over every schema and call in the shared corpus.

The boundary validates with jsonschema-rs; ``jsonschema`` is the reference
implementation. For every call in ``calls.jsonl`` (and an empty call for every tool, which
exercises ``required``) whose schema both accept, they must agree on valid/invalid.

Where they may legitimately differ, and how the test tells:

* ``format``: both assert formats, but the reference checks only the formats whose
  optional dependencies are installed (without ``rfc3339-validator`` and ``rfc3987`` it
  skips ``date-time`` and ``uri``, for example). A disagreement is accepted only when it
  disappears with format checks off on both sides and the schema uses a format the
  reference has no checker for.
* ``pattern``: JSON Schema patterns are ECMA-262; the reference uses Python's ``re``.
  No corpus schema currently hits a difference, so none is tolerated.
"""

from __future__ import annotations

import json

import jsonschema
import jsonschema_rs

from schema_lint.boundary import normalize_dialect
from schema_lint.boundary.compiled import SchemaError, compiled


def argument_schemas(corpus):
    tools = {}
    for line in (corpus / "tools.jsonl").open(encoding="utf-8"):
        record = json.loads(line)
        schema = record["tool"]
        for step in record["schema_path"]:
            schema = schema[step]
        tools[record["uid"]] = schema
    return tools


def schema_and_call_pairs(corpus):
    tools = argument_schemas(corpus)
    for line in (corpus / "calls.jsonl").open(encoding="utf-8"):
        record = json.loads(line)
        if "tool_uid" in record:
            schema = tools[record["tool_uid"]]
        else:
            definition = record["tool_def"]
            schema = definition.get("function", definition).get("parameters", definition.get("input_schema"))
        yield record["uid"], schema, record["arguments"]
    for uid, schema in tools.items():
        yield uid, schema, {}


def reference_for(schema):
    cls = jsonschema.validators.validator_for(schema)
    cls.check_schema(schema)
    return cls(schema, format_checker=cls.FORMAT_CHECKER), cls(schema)


def formats_in(schema) -> set[str]:
    found = set()
    if isinstance(schema, dict):
        if isinstance(schema.get("format"), str):
            found.add(schema["format"])
        for value in schema.values():
            found |= formats_in(value)
    elif isinstance(schema, list):
        for value in schema:
            found |= formats_in(value)
    return found


def test_fast_validator_agrees_with_the_reference(corpus):
    checkable = set(jsonschema.Draft202012Validator.FORMAT_CHECKER.checkers)
    cache: dict[str, tuple | None] = {}
    compared, disagreements = 0, []
    for uid, raw, arguments in schema_and_call_pairs(corpus):
        key = json.dumps(raw, sort_keys=True)
        if key not in cache:
            schema = normalize_dialect(raw)
            try:
                cache[key] = (schema, compiled(raw), *reference_for(schema))
            except (SchemaError, jsonschema.SchemaError):
                cache[key] = None
        if cache[key] is None:
            continue
        schema, fast, reference, reference_without_formats = cache[key]
        compared += 1
        ours, theirs = fast.is_valid(arguments), reference.is_valid(arguments)
        if ours == theirs:
            continue
        without_formats = jsonschema_rs.validator_for(schema, validate_formats=False).is_valid(arguments)
        explained = (without_formats == reference_without_formats.is_valid(arguments)
                     and formats_in(schema) - checkable)
        if not explained:
            disagreements.append((uid, arguments, ours, theirs))
    assert compared > 10_000
    assert disagreements == []
