"""SL017 unused-definition, and what is reported inside `$defs`: nothing in a dead
definition, one finding for a definition several tools of a file copy."""

from __future__ import annotations

import json

import pytest
from lintkit import lint_document, lint_tool

from schema_lint.run.linter import lint_text
from schema_lint.schema.operations import apply_operations

P = "/inputSchema"
ADDRESS = {"type": "object", "properties": {"street": {"type": "string"}}}


def _with_defs(**defs) -> dict:
    return {"type": "object", "properties": {"home": {"$ref": "#/$defs/Used"}}, "$defs": defs}


def test_sl017_flags_a_definition_no_reference_reaches():
    schema = _with_defs(Used=ADDRESS, Orphan=ADDRESS)
    (found,) = lint_tool(schema, "SL017")
    assert found.pointer == f"{P}/$defs/Orphan" and "never referenced" in found.message
    assert str(found.fix.safety) == "safe"
    fixed = apply_operations({"inputSchema": schema}, found.fix.operations)
    assert fixed["inputSchema"]["$defs"] == {"Used": ADDRESS}


@pytest.mark.parametrize("schema", [
    _with_defs(Used={"$ref": "#/$defs/Chain"}, Chain=ADDRESS),
    _with_defs(Used=ADDRESS, Tree={"type": "array", "items": {"$ref": "#/$defs/Tree"}}, Root={"$ref": "#/$defs/Tree"})
    | {"properties": {"home": {"$ref": "#/$defs/Used"}, "t": {"$ref": "#/$defs/Root"}}},
    _with_defs(Used=ADDRESS, Named={"$anchor": "named", **ADDRESS}),
    _with_defs(Used=ADDRESS, Other={"$id": "https://example.com/other", **ADDRESS}),
    _with_defs(Used=ADDRESS, Inner=ADDRESS) | {"properties": {"home": {"$ref": "#/$defs/Used"},
                                                               "x": {"$ref": "#/$defs/Inner/properties/street"}}},
    {**_with_defs(Used=ADDRESS, Orphan=ADDRESS), "$id": "https://example.com/tool.json"},
])
def test_sl017_counts_chains_cycles_pointers_and_what_outside_may_name_as_used(schema):
    assert lint_tool(schema, "SL017") == []


def test_sl017_removes_the_whole_container_when_nothing_in_it_is_used():
    schema = {"type": "object", "properties": {"a": {"type": "string"}}, "definitions": {"A": ADDRESS, "B": ADDRESS}}
    found = lint_tool(schema, "SL017")
    assert [d.pointer for d in found] == [f"{P}/definitions/A", f"{P}/definitions/B"]
    fixes = [d.fix for d in found if d.fix]
    assert len(fixes) == 1 and fixes[0].operations[0].path == f"{P}/definitions"


def test_sl017_offers_no_fix_in_a_bare_schema_file_others_may_reference():
    schema = {**_with_defs(Used=ADDRESS, Orphan=ADDRESS), "title": "create_home"}
    (found,) = [d for d in lint_text(json.dumps(schema), "home.json").diagnostics if d.code == "SL017"]
    assert found.fix is None


def test_no_other_finding_is_reported_inside_an_unused_definition():
    schema = _with_defs(Used={"type": "string", "maxLength": 10}, Orphan={"type": "string"})
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
