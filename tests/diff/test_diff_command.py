"""`schema-lint diff OLD NEW` on two snapshots: what it prints and its exit codes."""

from __future__ import annotations

import json

from click.testing import CliRunner

from schema_lint.cli import main

TOOL = {"name": "create_ticket", "description": "Open.", "inputSchema": {
    "type": "object", "properties": {"title": {"type": "string", "maxLength": 200}}, "required": ["title"]}}


def _write(path, *tools):
    path.write_text(json.dumps({"tools": list(tools)}))
    return str(path)


def _diff(*args):
    return CliRunner().invoke(main, ["diff", *args])


def test_a_breaking_change_and_a_removed_tool_exit_1(tmp_path):
    narrowed = json.loads(json.dumps(TOOL))
    narrowed["inputSchema"]["properties"]["title"]["maxLength"] = 120
    old = _write(tmp_path / "old.json", TOOL, {"name": "close_ticket", "inputSchema": {"type": "object"}})
    new = _write(tmp_path / "new.json", narrowed, {"name": "list_tickets", "inputSchema": {"type": "object"}})
    result = _diff(old, new)
    assert result.exit_code == 1
    assert result.output.splitlines() == [
        "+ list_tickets: added",
        "- close_ticket: removed (breaking: a call to it now fails)",
        "~ create_ticket: breaking",
        "    /properties/title/maxLength: breaking: `maxLength` 200 → 120",
        "1 added, 1 removed, 1 changed: breaking.",
    ]
    record = json.loads(_diff("--output-format", "json", old, new).output)
    assert record["breaking"] is True and record["changed"][0]["kind"] == "breaking"


def test_widening_and_added_tools_exit_0(tmp_path):
    widened = json.loads(json.dumps(TOOL))
    del widened["inputSchema"]["properties"]["title"]["maxLength"]
    result = _diff(_write(tmp_path / "old.json", TOOL), _write(tmp_path / "new.json", widened,
                                                               {"name": "x", "inputSchema": {"type": "object"}}))
    assert result.exit_code == 0
    assert "    /properties/title/maxLength: widening: `maxLength` 200 removed" in result.output


def test_an_unreadable_file_exits_2(tmp_path):
    (tmp_path / "bad.json").write_text("{")
    result = _diff(str(tmp_path / "bad.json"), _write(tmp_path / "new.json", TOOL))
    assert result.exit_code == 2 and "bad.json:1:2: SL000 invalid JSON" in result.output
    assert "Traceback" not in result.output


def test_results_schemas_are_compared_from_the_clients_side(tmp_path):
    def with_results(maxLength, required):
        return {**TOOL, "outputSchema": {"type": "object", "properties": {"title": {"type": "string", "maxLength": maxLength}},
                                         "required": required}}

    old = _write(tmp_path / "old.json", with_results(100, ["title"]))
    new = _write(tmp_path / "new.json", with_results(200, []))
    result = _diff(old, new)
    assert result.exit_code == 1
    assert result.output.splitlines()[:3] == [
        "~ create_ticket: breaking",
        "    /outputSchema/required: breaking: `title` is no longer required",
        "    /outputSchema/properties/title/maxLength: breaking: `maxLength` 100 → 200",
    ]
    back = _diff(new, old)
    assert back.exit_code == 0
    assert "~ create_ticket: narrowing" in back.output
    assert back.output.splitlines()[-1] == "0 added, 0 removed, 1 changed: nothing breaks a call or a client that worked."


def test_an_added_conditional_requirement_breaks_and_an_unclassified_change_is_not_called_harmless(tmp_path):
    invoice = {"name": "send_invoice", "inputSchema": {"type": "object", "properties": {
        "delivery": {"enum": ["email", "post"]}, "email": {"type": "string"}}}}
    conditional = json.loads(json.dumps(invoice))
    when_email = {"properties": {"delivery": {"const": "email"}}, "required": ["delivery"]}
    conditional["inputSchema"]["allOf"] = [{"if": when_email, "then": {"required": ["email"]}}]
    old, new = _write(tmp_path / "old.json", invoice), _write(tmp_path / "new.json", conditional)
    result = _diff(old, new)
    assert result.exit_code == 1
    assert result.output.splitlines() == ["~ send_invoice: breaking",
                                          "    /allOf: breaking: `allOf` added: a call must now also satisfy it",
                                          "0 added, 0 removed, 1 changed: breaking."]
    rewritten = json.loads(json.dumps(invoice))
    rewritten["inputSchema"]["properties"]["delivery"] = {"anyOf": [{"const": "email"}, {"const": "post"}]}
    unsure = _diff(old, _write(tmp_path / "rewritten.json", rewritten))
    assert unsure.exit_code == 0
    assert unsure.output.splitlines()[-1] == (
        "0 added, 0 removed, 1 changed: nothing shown to break a call or a client, "
        "but 2 changes could not be classified: read them.")


def test_a_bare_schema_is_compared_with_itself_whatever_the_files_title_or_id(tmp_path):
    """README's recipe (`git show main:tools.json > /tmp/base.json`, then diff it against
    `tools.json`) on a bare schema named the tool after each file: one removed and one added,
    exit 1, for the same schema; so did a new `title`, and an `$id` (no tool at all, then)."""
    schema = {"$schema": "https://json-schema.org/draft/2020-12/schema", "type": "object",
              "properties": {"q": {"type": "string"}}, "required": ["q"]}
    (tmp_path / "base.json").write_text(json.dumps(schema))
    for new in ({**schema}, {**schema, "title": "Search tickets"}, {**schema, "$id": "https://example.com/s.json"}):
        (tmp_path / "schema.json").write_text(json.dumps(new))
        result = _diff(str(tmp_path / "base.json"), str(tmp_path / "schema.json"))
        assert (result.exit_code, result.output) == (0, "No changes to what the tools accept or return.\n")
    (tmp_path / "schema.json").write_text(json.dumps({**schema, "required": ["q", "limit"]}))
    result = _diff(str(tmp_path / "base.json"), str(tmp_path / "schema.json"))
    assert result.exit_code == 1 and "`limit` is now required" in result.output
