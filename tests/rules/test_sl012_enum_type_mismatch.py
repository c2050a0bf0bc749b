"""SL012 enum-type-mismatch: enum and const values of the wrong type."""

from __future__ import annotations

from lintkit import lint_tool, obj

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
