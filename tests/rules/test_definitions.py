"""What is reported inside `$defs`: nothing in a definition no reference reaches, and one
finding for a definition several tools of a file copy."""

from __future__ import annotations

import json

from lintkit import lint_document, lint_tool
from rulekit import with_defs

from schema_lint.schema.operations import apply_operations

P = "/inputSchema"


def test_no_other_finding_is_reported_inside_an_unused_definition():
    schema = with_defs(Used={"type": "string", "maxLength": 10}, Orphan={"type": "string"})
    codes = {(d.code, d.pointer) for d in lint_tool(schema)}
    assert ("SL017", f"{P}/$defs/Orphan") in codes
    assert not [c for c, pointer in codes if pointer.startswith(f"{P}/$defs/Orphan") and c != "SL017"]
    assert ("SL301", f"{P}/$defs/Orphan") not in codes


def _server(tool_count: int, shared_defs: dict) -> str:
    tools = [{"name": f"create_item_{i}", "description": "d", "inputSchema": {
        "type": "object", "properties": {"item": {"$ref": "#/$defs/Item"}}, "required": ["item"],
        "additionalProperties": False, "$defs": shared_defs}} for i in range(tool_count)]
    return json.dumps({"tools": tools}, indent=1)


def test_a_finding_in_a_definition_copied_into_every_tool_is_reported_once_naming_the_others():
    item = {"type": "object", "description": "An item.", "properties": {"title": {"type": "string", "description": "t"}},
            "required": ["title"], "additionalProperties": False}
    found = [d for d in lint_document(_server(5, {"Item": item}), code="SL301")]
    assert [d.pointer for d in found] == ["/tools/0/inputSchema/$defs/Item/properties/title"]
    assert "also in the identical definition of 4 other tools: `create_item_1`, `create_item_2`, `create_item_3` " \
           "and 1 more; reported once" in found[0].message


def test_the_one_fix_for_copied_definitions_edits_every_copy():
    item = {"type": "object", "description": "An item.", "properties": {"kind": {"type": "string", "enum": ["a"],
            "description": "k"}}, "required": ["kind"], "additionalProperties": False}
    text = _server(3, {"Item": item})
    (found,) = lint_document(text, code="SL307")
    fixed = apply_operations(json.loads(text), found.fix.operations)
    assert all(t["inputSchema"]["$defs"]["Item"]["properties"]["kind"] == {"type": "string", "const": "a",
                                                                            "description": "k"}
               for t in fixed["tools"])


def test_definitions_that_differ_are_reported_apart():
    tools = json.loads(_server(2, {"Item": {"type": "object", "properties": {"t": {"type": "string"}}}}))
    tools["tools"][1]["inputSchema"]["$defs"]["Item"]["description"] = "different"
    found = lint_document(json.dumps(tools), code="SL301")
    assert [d.pointer for d in found] == ["/tools/0/inputSchema/$defs/Item/properties/t",
                                          "/tools/1/inputSchema/$defs/Item/properties/t"]
