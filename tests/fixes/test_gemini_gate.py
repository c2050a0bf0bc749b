"""The fix gate reads a Gemini declaration's `parameters` as the rest of the linter does.

Gemini's `Schema` is a protobuf message: its JSON writes the int64 counts as strings
(`"maxItems": "3"`) and every `enum` as strings, also on an INTEGER; `nullable: true` lets
`null` in (`schema.dialect`). Read as plain JSON Schema such a schema does not compile, and
a fix that breaks the schema's own default went through unjudged.
"""

from __future__ import annotations

import copy
import json

import pytest
from lintkit import lint_document

from schema_lint.gate import STATED_VALUE, gated
from schema_lint.model import Diagnostic, Fix, FixSafety, Operation, Severity

_ROOMS = {"type": "ARRAY", "items": {"type": "STRING", "maxLength": "20"}, "minItems": "1", "maxItems": "3",
          "description": "Room names."}


def _declaration(limit_default) -> str:
    limit = {"type": "INTEGER", "description": "Maximum results, between 1 and 50.", "default": limit_default}
    parameters = {"type": "OBJECT", "properties": {"rooms": _ROOMS, "limit": limit}, "required": ["rooms"]}
    return json.dumps({"functionDeclarations": [{"name": "search_rooms", "description": "Search rooms.",
                                                 "parameters": parameters}]})


def _limit_finding(text: str) -> Diagnostic:
    [found] = [d for d in lint_document(text, code="SL303") if d.pointer.endswith("/properties/limit")]
    return found


def test_a_gemini_fix_that_rejects_the_default_is_withheld_though_counts_are_strings():
    """`"maxItems": "3"` is Gemini's number 3: the schema compiles, and `minimum: 1` would
    reject the stated default 0."""
    found = _limit_finding(_declaration(0))
    assert found.fix is None and found.withheld is not None and found.withheld.gate == STATED_VALUE
    assert "no fix: it would reject the schema's own default 0" in found.message


def test_a_gemini_fix_every_stated_value_passes_is_offered():
    found = _limit_finding(_declaration(5))
    assert found.withheld is None
    assert [(op.path.rsplit("/", 1)[-1], op.value) for op in found.fix.operations] == [("minimum", 1), ("maximum", 50)]


def _gate(schema: dict, operation: Operation) -> Diagnostic:
    """The finding of a fix to a Gemini declaration's `parameters`, once gated."""
    operation = operation._replace(path="/parameters" + operation.path)
    diagnostic = Diagnostic("SL999", "test", Severity.WARNING, "finding", "t.json", operation.path,
                            fix=Fix("edit", FixSafety.UNSAFE, (operation,)))
    [kept] = gated([diagnostic], schema, "/parameters", tool_format="gemini_function_declaration")
    return kept


@pytest.mark.parametrize(("schema", "operation", "rejected"), [
    # An INTEGER's enum of numerals means those numbers: 101 is a value the schema states.
    ({"type": "OBJECT", "properties": {"apt": {"type": "INTEGER", "format": "enum", "enum": ["101", "201"]}}},
     Operation("add", "/properties/apt/minimum", 150), "enum value 101"),
    # `nullable: true` lets the stated default null in; dropping it rejects the default.
    ({"type": "OBJECT", "properties": {"note": {"type": "STRING", "nullable": True, "default": None, "maxLength": "9"}}},
     Operation("remove", "/properties/note/nullable"), "default null"),
])
def test_a_gemini_stated_value_is_read_as_gemini_means_it(schema, operation, rejected):
    written = copy.deepcopy(schema)
    kept = _gate(schema, operation)
    assert kept.fix is None and f"reject the schema's own {rejected}" in kept.message
    assert schema == written  # the reading is a copy


@pytest.mark.parametrize("operation", [
    Operation("add", "/properties/apt/minimum", 100), Operation("add", "/properties/note/minLength", 1),
    Operation("add", "/properties/rooms/maxItems", 2)])
def test_a_gemini_fix_no_stated_value_fails_passes(operation):
    schema = {"type": "OBJECT", "properties": {
        "apt": {"type": "INTEGER", "enum": ["101", "201"], "default": 201},
        "note": {"type": "STRING", "nullable": True, "default": None},
        "rooms": {"type": "ARRAY", "items": {"type": "STRING"}, "maxItems": "3", "default": ["a", "b"]}}}
    kept = _gate(schema, operation)
    assert kept.fix is not None and kept.withheld is None
