"""SL017 unused-definition: a definition no reference reaches, and its safe removal."""

from __future__ import annotations

import json

import pytest
from lintkit import lint_tool
from rulekit import with_defs

from schema_lint.run.linter import lint_text
from schema_lint.schema.operations import apply_operations

P = "/inputSchema"


ADDRESS = {"type": "object", "properties": {"street": {"type": "string"}}}


def test_sl017_flags_a_definition_no_reference_reaches():
    schema = with_defs(Used=ADDRESS, Orphan=ADDRESS)
    (found,) = lint_tool(schema, "SL017")
    assert found.pointer == f"{P}/$defs/Orphan" and "never referenced" in found.message
    assert str(found.fix.safety) == "safe"
    fixed = apply_operations({"inputSchema": schema}, found.fix.operations)
    assert fixed["inputSchema"]["$defs"] == {"Used": ADDRESS}


@pytest.mark.parametrize("schema", [
    with_defs(Used={"$ref": "#/$defs/Chain"}, Chain=ADDRESS),
    with_defs(Used=ADDRESS, Tree={"type": "array", "items": {"$ref": "#/$defs/Tree"}}, Root={"$ref": "#/$defs/Tree"})
    | {"properties": {"home": {"$ref": "#/$defs/Used"}, "t": {"$ref": "#/$defs/Root"}}},
    with_defs(Used=ADDRESS, Named={"$anchor": "named", **ADDRESS}),
    with_defs(Used=ADDRESS, Other={"$id": "https://example.com/other", **ADDRESS}),
    with_defs(Used=ADDRESS, Inner=ADDRESS) | {"properties": {"home": {"$ref": "#/$defs/Used"},
                                                               "x": {"$ref": "#/$defs/Inner/properties/street"}}},
    {**with_defs(Used=ADDRESS, Orphan=ADDRESS), "$id": "https://example.com/tool.json"},
    # A reference into a definition nested in another: removing the outer one broke it.
    with_defs(Used=ADDRESS, Money={"type": "object", "$defs": {"Currency": {"enum": ["EUR", "USD"]}}})
    | {"properties": {"home": {"$ref": "#/$defs/Used"}, "currency": {"$ref": "#/$defs/Money/$defs/Currency"}}},
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
    schema = {**with_defs(Used=ADDRESS, Orphan=ADDRESS), "title": "create_home"}
    (found,) = [d for d in lint_text(json.dumps(schema), "home.json").diagnostics if d.code == "SL017"]
    assert found.fix is None


def test_a_definition_referenced_only_from_an_unused_one_is_said_so():
    """"never referenced" of a definition another one refers to read as a mistake of the rule."""
    schema = {"type": "object", "properties": {"a": {"type": "string"}}, "$defs": {
        "parentRequest": {"oneOf": [{"$ref": "#/$defs/pageIdParentRequest"}]}, "pageIdParentRequest": {"type": "object"}}}
    first, second = lint_tool(schema, "SL017")
    assert "`$defs.parentRequest` is never referenced" in first.message
    assert "`$defs.pageIdParentRequest` is referenced only from `$defs.parentRequest`, itself unused" in second.message
