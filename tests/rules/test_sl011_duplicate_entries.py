"""SL011 duplicate-entries: duplicates by JSON equality."""

from __future__ import annotations

from lintkit import lint_tool, obj


def test_sl011_duplicates_by_json_equality():
    schema = {**obj(n={"enum": [1, 1.0, True, "1"]}, s={"enum": ["a", "b"]}), "required": ["n", "n", "s"]}
    found = {d.pointer: d for d in lint_tool(schema, "SL011")}
    assert set(found) == {"/inputSchema/properties/n/enum", "/inputSchema/required"}
    assert found["/inputSchema/properties/n/enum"].fix.operations[0].value == [1, True, "1"]
