"""SL012 enum-type-mismatch: enum and const values of the wrong type."""

from __future__ import annotations

import json

from lintkit import lint_document, lint_tool, obj

from schema_lint.model import FixSafety, Severity


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


def test_sl012_takes_a_null_beside_nullable_as_meant_and_suggests_it_in_the_type():
    """OpenAPI 3.0 writes a nullable enum with `nullable: true` and `null` among the values: the
    safe fix removed the `null`, undoing what the author wrote, where only the type refuses it."""
    [found] = lint_tool(obj(sort={"type": "string", "nullable": True, "enum": ["asc", "desc", None]}), "SL012")
    assert found.fix.safety is FixSafety.SUGGESTION
    assert [(op.op, op.path.rsplit("/", 1)[1], op.value) for op in found.fix.operations] == \
        [("replace", "type", ["string", "null"])]
    [plain] = lint_tool(obj(sort={"type": "string", "enum": ["asc", "desc", None]}), "SL012")
    assert plain.fix.safety is FixSafety.SAFE and plain.fix.operations[0].value == ["asc", "desc"]
