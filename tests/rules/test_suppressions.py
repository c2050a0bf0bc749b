"""Every suppression form silences what it names, where it says."""

import json

import pytest
from rulekit import yaml_findings

from schema_lint.config import Config, ConfigError, load_config
from schema_lint.run.linter import Linter, lint_text


def where(findings):
    return sorted((d.code, d.tool, d.pointer.rsplit("/", 1)[-1]) for d in findings)


def test_a_comment_takes_code_prefixes():
    found = yaml_findings(["SL301", "SL305"], title_comment="  # schema-lint: ignore[SL3]")
    assert ("SL301", "create_ticket", "title") not in where(found)
    assert ("SL305", "create_ticket", "title") not in where(found)
    assert ("SL301", "create_ticket", "due") in where(found)


def test_a_comment_on_a_tools_name_line_covers_that_tool_only():
    found = yaml_findings(["SL201", "SL301"], name_comment="  # schema-lint: ignore[SL201, SL301]")
    assert {d.tool for d in found} == {"close_ticket"}
    assert {d.code for d in found} == {"SL201", "SL301"}


def test_an_ignore_file_comment_covers_every_tool_of_the_file():
    found = yaml_findings(["SL201", "SL301"], header="# schema-lint: ignore-file[SL201]\n")
    assert {d.code for d in found} == {"SL301"}
    assert len({d.tool for d in found}) == 2


def test_jsonc_comments_suppress_too(tmp_path):
    text = ('{\n  "name": "search", "description": "Search.",\n  "inputSchema": {"type": "object",\n'
            '    "properties": {"q": {"type": "string"}}  // schema-lint: ignore[SL301]\n  },\n}\n')
    assert lint_text(text, "tool.jsonc", Config(select=["SL301"])).diagnostics == []
    assert len(lint_text(text.replace("// schema-lint: ignore[SL301]", ""), "tool.jsonc",
                         Config(select=["SL301"])).diagnostics) == 1


SCHEMA = {"type": "object", "properties": {
    "query": {"type": "string", "x-schema-lint-ignore": ["SL301"]},
    "filters": {"type": "object", "properties": {"tag": {"type": "string"}}}}}


def tool_json(schema=SCHEMA):
    return json.dumps({"name": "search", "description": "Search.", "inputSchema": schema}, indent=2)


def test_the_ignore_keyword_is_opt_in_and_covers_its_subschema():
    off = lint_text(tool_json(), "tool.json", Config(select=["SL301"])).diagnostics
    on = lint_text(tool_json(), "tool.json", Config(select=["SL301"], ignore_keyword=True)).diagnostics
    assert {d.pointer for d in off} == {"/inputSchema/properties/query", "/inputSchema/properties/filters/properties/tag"}
    assert {d.pointer for d in on} == {"/inputSchema/properties/filters/properties/tag"}


def test_a_file_pointer_key_silences_that_node_and_below(tmp_path, monkeypatch):
    (tmp_path / "tools").mkdir()
    (tmp_path / "tools" / "search.json").write_text(tool_json().replace('"search"', '"post_search"'))
    (tmp_path / ".schema-lint.toml").write_text(
        'select = ["SL301", "SL201"]\n[per-file-ignores]\n'
        '"tools/*.json#/inputSchema/properties/filters" = ["SL3", "SL201"]\n')
    monkeypatch.chdir(tmp_path)
    found = Linter(load_config()).run(["tools"]).diagnostics
    assert where(found) == [("SL201", "post_search", "inputSchema"), ("SL301", "post_search", "query")]


def test_a_file_pointer_key_must_hold_a_pointer(tmp_path):
    path = tmp_path / ".schema-lint.toml"
    path.write_text('[per-file-ignores]\n"a.json#properties" = ["SL301"]\n')
    with pytest.raises(ConfigError, match="JSON pointer"):
        load_config(path)


AMOUNT_YAML = """\
name: refund_payment
description: {description}
inputSchema:
  type: object
  additionalProperties: false
  required: [amount]
  properties:
    amount: {amount}
"""


@pytest.mark.parametrize(("description", "amount"), [
    # A string's lookalike before the comment on the same line does not hide the comment.
    ("Refund.", '{type: number, description: "Amount # schema-lint: ignore[SL101]"}  # schema-lint: ignore[SL303]'),
    # A plain scalar ends at ` #`, where the comment starts.
    ("Refund. # schema-lint: ignore-file[SL303]", "{type: number, description: Amount.}"),
    # A block scalar's header line is no part of its text.
    ("|  # schema-lint: ignore-file[SL303]\n  Refund.", "{type: number, description: Amount.}"),
])
def test_a_yaml_comment_after_a_string_on_its_line_still_suppresses(description, amount):
    text = AMOUNT_YAML.format(description=description, amount=amount)
    config = Config(select=["SL303", "SL900"])
    assert lint_text(text, "tool.yaml", config).diagnostics == []
    assert [d.code for d in lint_text(text.replace("schema-lint:", "lint:"), "tool.yaml", config).diagnostics] == ["SL303"]


@pytest.mark.parametrize("comment", ["/* schema-lint: ignore[SL303] */", "// schema-lint: ignore[SL303]"])
def test_a_jsonc_block_or_line_comment_suppresses_after_a_string_holding_slashes(comment):
    text = ('{"name": "refund_payment", "description": "Refund, see https://example.com/refunds.",\n'
            ' "inputSchema": {"type": "object", "additionalProperties": false, "required": ["amount"],\n'
            '  "properties": {\n'
            f'    "amount": {{"type": "number", "description": "Amount /* */ //."}}  {comment}\n'
            '  }}}\n')
    config = Config(select=["SL303", "SL900"])
    assert lint_text(text, "tool.jsonc", config).diagnostics == []
    assert [d.code for d in lint_text(text.replace(comment, ""), "tool.jsonc", config).diagnostics] == ["SL303"]


@pytest.mark.parametrize("line", [" * schema-lint: ignore-file[SL303]", "   schema-lint: ignore-file[SL303]",
                                  "\tschema-lint: ignore-file[SL303]"])
def test_a_line_of_a_jsonc_block_comment_that_spans_lines_suppresses(line):
    """The usual file header: `/*`, then lines that may start with `*`, then `*/`."""
    body = ('{"name": "refund_payment", "description": "Refund.",\n'
            ' "inputSchema": {"type": "object", "additionalProperties": false, "required": ["amount"],\n'
            '  "properties": {"amount": {"type": "number", "description": "Amount."}}}}\n')
    config = Config(select=["SL303", "SL900"])
    header = f"/*\n * Refund tools.\n{line}\n */\n"
    assert lint_text(header + body, "tool.jsonc", config).diagnostics == []
    assert [d.code for d in lint_text(body, "tool.jsonc", config).diagnostics] == ["SL303"]
    # The same words after the comment has closed are no comment: the file does not parse.
    assert "SL303" not in [d.code for d in lint_text(f"/* x */\n{line}\n" + body, "tool.jsonc", config).diagnostics]


def test_a_comment_whose_bracket_is_left_open_silences_nothing():
    """Read as no codes at all, it would silence every rule."""
    found = yaml_findings(["SL201", "SL301"], header="# schema-lint: ignore-file[SL201\n")
    assert {d.code for d in found} == {"SL201", "SL301"}
