"""Fixes in the less common spellings of a file: JSON Lines, CRLF YAML, escaped JSON,
no final newline, several tools in one file."""

from __future__ import annotations

import json

import pytest
from fixkit import JSON_LAYOUTS, fixed_text

TOOL = {"name": "create_ticket", "description": "Créer", "inputSchema": {
    "type": "object", "properties": {"kind": {"type": "string", "enum": ["bug"]}}, "required": ["kind"],
    "additionalProperties": False}}


def test_jsonl_fixes_each_line_on_its_own_line():
    other = {**TOOL, "name": "close_ticket"}
    lines = [json.dumps(TOOL, ensure_ascii=False), "", json.dumps(other, ensure_ascii=False)]
    text, applied = fixed_text("\n".join(lines) + "\n", "tools.jsonl", "SL307")
    expected = [line.replace('"enum": ["bug"]}', '"const": "bug"}') for line in lines]
    assert len(applied) == 2
    assert text == "\n".join(expected) + "\n"


def test_crlf_yaml_gets_crlf_lines():
    source = "# desk\r\nname: create_ticket\r\ninputSchema:\r\n  type: object\r\n  properties:\r\n" \
             "    kind:\r\n      type: string\r\n      enum: [bug]   # one kind\r\n      description: Required.\r\n"
    text, _ = fixed_text(source, "tool.yaml", "SL101")
    assert text == source + "  required: [kind]\r\n"


def test_escaped_json_stays_ascii_and_no_final_newline_is_added():
    source = json.dumps(TOOL, indent=2)
    assert "\\u00e9" in source
    tool = {**TOOL, "inputSchema": {**TOOL["inputSchema"], "properties": {"kind": {"type": "string", "enum": ["é"]}}}}
    text, _ = fixed_text(json.dumps(tool, indent=2), "tool.json", "SL307")
    assert text == json.dumps({**tool, "inputSchema": {**tool["inputSchema"], "properties": {
        "kind": {"type": "string", "const": "é"}}}}, indent=2)


def test_tools_listed_in_one_file_are_fixed_together():
    tools = {"tools": [TOOL, {**TOOL, "name": "close_ticket"}]}
    text, applied = fixed_text(json.dumps(tools, indent=2) + "\n", "tools.json", "SL307")
    fixed_tool = {**TOOL, "inputSchema": {**TOOL["inputSchema"], "properties": {"kind": {"type": "string", "const": "bug"}}}}
    assert len(applied) == 2
    assert text == json.dumps({"tools": [fixed_tool, {**fixed_tool, "name": "close_ticket"}]}, indent=2) + "\n"


@pytest.mark.parametrize("layout", sorted(JSON_LAYOUTS))
def test_a_rename_of_an_objects_only_member_replaces_it_cleanly(layout):
    tool = {"name": "create_x", "description": "d", "inputSchema": {
        "type": "object", "properties": {"a": {"maxlength": 5}}, "required": ["a"], "additionalProperties": False}}
    text = JSON_LAYOUTS[layout](tool)
    fixed, applied = fixed_text(text, "tool.json", "SL004")
    assert [d.code for d in applied] == ["SL004"]
    tool["inputSchema"]["properties"]["a"] = {"maxLength": 5}
    assert fixed == JSON_LAYOUTS[layout](tool)


def test_a_fix_that_would_remove_a_yaml_comment_is_refused_with_a_note():
    source = "name: list_tickets\ninputSchema:\n  type: object\n  properties:\n    status:\n      type: string\n" \
             "      enum: [open]  # only open tickets for now\n      description: Which.\n"
    text, applied = fixed_text(source, "tool.yaml", "SL307")
    assert text == source and applied == []
    from schema_lint.config import Config
    from schema_lint.run.linter import lint_text
    from schema_lint.fixes.plan import plan_fixes

    config = Config()
    config.select = ["SL307"]
    result = lint_text(source, "tool.yaml", config)
    plan = plan_fixes(result.documents["tool.yaml"], result.diagnostics)
    assert [failed.diagnostic.fix_note for failed in plan.failed] == [
        "fix could not be applied: its edit would remove the comment `# only open tickets for now`"]


ALIASED_ENUM = ("common: &one [bug]\nname: create_issue\ndescription: Create an issue.\ninputSchema:\n"
                "  type: object\n  properties:\n    kind: {type: string, enum: *one}\n")
COMMENTED_ENUM = ("name: create_issue\ndescription: Create an issue.\ninputSchema:\n  type: object\n  properties:\n"
                  "    kind:\n      type: string\n      enum:\n      # the value\n      - bug\n")


@pytest.mark.parametrize("source, why", [
    (ALIASED_ENUM, "its value is a YAML alias of the node at line 1: edit it by hand"),
    (COMMENTED_ENUM, "its edit would remove the comment `# the value`"),
])
def test_a_fix_refused_in_the_file_is_refused_in_the_reports_too(tmp_path, source, why):
    """The reports' edits are what review tools suggest: `--fix` refused these, while the
    `json` report carried an edit that dropped the comment, or for the alias, edits whose
    end came before their start (`, constbug` at the anchor)."""
    from click.testing import CliRunner
    from schema_lint.cli import main

    (tmp_path / "tool.yaml").write_text(source, encoding="utf-8")
    text, applied = fixed_text(source, "tool.yaml", "SL307")
    assert text == source and applied == []
    result = CliRunner().invoke(main, ["check", "--select", "SL307", "--output-format", "json",
                                       str(tmp_path / "tool.yaml")])
    [finding] = json.loads(result.stdout)
    assert finding["fix"]["edits"] == [] and finding["fix"]["note"] == f"fix could not be applied: {why}"
    assert [op["op"] for op in finding["fix"]["patch"]] == ["remove", "add"]


def test_a_member_removed_from_a_node_two_properties_share_is_removed_once_for_both():
    """Both properties' findings remove the same line: the second fix was deferred as
    overlapping the first, and the first alone could not be verified (the removal changes
    the node under both names), so every `--fix` run offered both again and applied none."""
    source = ("name: create_order\ndescription: Creates an order.\nparameters:\n  type: object\n  properties:\n"
              "    anchored: &a\n      type: string\n      description: alias me\n      maxLength: 3\n"
              "      minimum: 1\n    again: *a\n")
    text, applied = fixed_text(source, "tool.yaml", "SL014")
    assert len(applied) == 2 and "minimum" not in text and text.count("maxLength: 3") == 1
    again, applied_again = fixed_text(text, "tool.yaml", "SL014")
    assert again == text and applied_again == []


def test_a_yaml_node_two_tools_share_through_an_alias_is_fixed_once():
    """Each tool's fix edits the one anchored mapping: made twice, each key would be written
    twice, which a YAML loader that follows the spec refuses. Made once, the edit carries
    both tools' fixes."""
    source = ("tools:\n  - name: list_pods\n    description: List pods.\n    inputSchema:\n      type: object\n"
              "      properties:\n        limit: &limit\n          type: integer\n"
              "          description: Maximum number of entries to return, between 1 and 500.\n"
              "  - name: list_services\n    description: List services.\n    inputSchema:\n      type: object\n"
              "      properties:\n        limit: *limit\n")
    text, applied = fixed_text(source, "tools.yaml", "SL303")
    assert len(applied) == 2
    assert text.count("minimum: 1") == 1 and text.count("maximum: 500") == 1
    again, applied_again = fixed_text(text, "tools.yaml", "SL303")
    assert again == text and applied_again == []


def test_a_yaml_list_written_one_flow_item_a_line_keeps_its_style_when_a_fix_replaces_it():
    """SL202 keeps an `anyOf`'s array and null branches: the other branch went, and the ones kept
    were re-emitted spread over block lines with the mapping's indentation doubled."""
    source = ("name: search\ndescription: Search.\ninputSchema:\n  type: object\n  properties:\n"
              "    labels:  # one or many\n      anyOf:\n        - {type: string}\n"
              "        - {type: array, items: {type: string}, maxItems: 5}\n        - {type: 'null'}\n"
              "      description: Labels.\n")
    text, applied = fixed_text(source, "tool.yaml", "SL202", suggestions=True)
    assert len(applied) == 1
    assert text == source.replace("        - {type: string}\n", "")


def test_a_yaml_union_narrowed_to_one_form_gives_way_to_it_in_the_document_s_indentation():
    """No one-member `anyOf` is left: the array form's keywords take its place, a nested mapping
    indented as the document indents its mappings (2), not as ruamel guesses from its
    sequences (4: `- name` at 2, its members at 4)."""
    source = ("tools:\n  - name: search\n    inputSchema:\n      type: object\n      properties:\n"
              "        labels:\n          anyOf:\n            - {type: string}\n"
              "            - {type: array, items: {type: string}}\n          description: Labels.\n")
    text, applied = fixed_text(source, "tools.yaml", "SL202", suggestions=True)
    assert len(applied) == 1
    assert text == ("tools:\n  - name: search\n    inputSchema:\n      type: object\n      properties:\n"
                    "        labels:\n          description: Labels.\n          type: array\n          items:\n"
                    "            type: string\n")
