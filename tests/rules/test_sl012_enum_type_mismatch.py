"""SL012 enum-type-mismatch: enum and const values of the wrong type."""

from __future__ import annotations

import json

from lintkit import lint_document, lint_tool, obj

from schema_lint.model import Severity


def test_sl012_enum_values_of_the_wrong_type_real_bfcl_shapes():
    # BFCL: integer and boolean fields whose enums are strings ("dontcare", "True").
    schema = obj(adults={"type": "integer", "enum": ["1", "2", "dontcare"]},
                 kids={"type": "boolean", "enum": [True, False, "dontcare"]},
                 ok={"type": "number", "enum": [1, 2.5]}, alias={"type": "int", "enum": [1, 2]},
                 c={"type": "string", "const": 3})
    found = {d.pointer.split("/properties/")[1]: d for d in lint_tool(schema, "SL012")}
    assert set(found) == {"adults/enum", "kids/enum", "c/const"}
    assert found["adults/enum"].severity is Severity.ERROR and found["adults/enum"].fix is None
    assert found["kids/enum"].fix.operations[0].value == [True, False]


def test_sl012_reads_a_gemini_enum_of_numerals_as_the_numbers_it_means():
    """Gemini writes every enum as strings: `{type: INTEGER, format: enum, enum: ["101", "201"]}`."""
    properties = {"apt": {"type": "INTEGER", "format": "enum", "enum": ["101", "201"]},
                  "ratio": {"type": "NUMBER", "enum": ["0.5", "1"]},
                  "floor": {"type": "INTEGER", "enum": ["1", "ground"]}}
    gemini = {"functionDeclarations": [{"name": "f", "description": "d",
                                        "parameters": {"type": "OBJECT", "properties": properties}}]}
    assert [d.pointer.split("/")[-2] for d in lint_document(json.dumps(gemini), code="SL012")] == ["floor"]
    assert len(lint_tool(obj(apt={"type": "integer", "enum": ["101"]}), "SL012")) == 1
