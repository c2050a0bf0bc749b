"""`check .` in an ordinary repository: editor JSONC, multi-document YAML and config files are
read or skipped as documented, so the exit code is about the tools, never 2 for files not ours;
and a typo in a rule selector is an error, not a silent pass."""

from __future__ import annotations

import json

import pytest
from click.testing import CliRunner

from schema_lint.cli import main
from schema_lint.sources.documents import read_document
from schema_lint.sources.jsonc import blank_comments_and_trailing_commas

TOOL = {"name": "get_weather", "description": "Weather for a city.", "inputSchema": {
    "type": "object", "additionalProperties": False, "required": ["city"],
    "properties": {"city": {"type": "string", "maxLength": 80, "minLength": 1, "description": "City name."}}}}


@pytest.fixture
def repository(tmp_path, monkeypatch):
    (tmp_path / ".vscode").mkdir()
    (tmp_path / ".vscode" / "settings.json").write_text('{\n  // editor\n  "editor.tabSize": 2,\n}\n')
    (tmp_path / "tsconfig.json").write_text('{"compilerOptions": {"strict": true, /* c */},}\n')
    (tmp_path / "package.json").write_text('{"name": "app", "version": "1.0.0"}\n')
    (tmp_path / "docker-compose.yml").write_text("---\nservices: {}\n---\nother: 1\n")
    (tmp_path / "tools").mkdir()
    (tmp_path / "tools" / "weather.json").write_text(json.dumps(TOOL, indent=2))
    monkeypatch.chdir(tmp_path)
    return tmp_path


def _check(*args):
    """`check` in the concise format, unless the test names its own (formats repeat: one each)."""
    chosen = () if "--output-format" in args else ("--output-format", "concise")
    return CliRunner().invoke(main, ["check", *chosen, *args])


def test_check_dot_lints_the_tools_and_skips_what_is_not_ours(repository):
    result = _check(".")
    assert result.exit_code in (0, 1), result.output
    assert "SL000" not in result.output and "settings.json" not in result.output and "tsconfig" not in result.output


def test_jsonc_keeps_positions_and_a_tool_in_it_is_linted(repository):
    text = '{\n  // the tool\n  "name": "get_weather", "description": "W.",\n  "inputSchema": {"type": "object",' \
           ' "properties": {"kind": {"type": "string", "enum": ["x"], "description": "K."},},},\n}\n'
    (repository / "tools" / "extra.jsonc").write_text(text)
    result = _check("--select", "SL307", "tools/extra.jsonc")
    line = [row for row in result.output.splitlines() if "SL307" in row][0]
    assert line.startswith("tools/extra.jsonc:4:")  # the position in the file, comments and all
    assert len(blank_comments_and_trailing_commas(text)) == len(text)


def test_a_tool_file_with_comments_is_not_jsonc_unless_named_so(repository):
    (repository / "tools" / "broken.json").write_text('{"name": "x", // no\n}')
    assert read_document(str(repository / "tools" / "broken.json")).errors


def test_multi_document_yaml_is_read_document_by_document(repository):
    first = "name: create_ticket\ndescription: C.\ninputSchema: {type: object, properties: {}}\n"
    second = "name: close_ticket\ndescription: C.\ninputSchema: {type: object, properties: {id: {type: strin}}}\n"
    (repository / "tools" / "tickets.yaml").write_text(first + "---\n" + second)
    result = _check("--select", "SL001", "tools/tickets.yaml")
    assert result.exit_code == 1 and "tools/tickets.yaml:7:" in result.output


def test_a_broken_yaml_document_leaves_the_documents_before_it_linted_and_unfixed(repository):
    first = "name: create_ticket\ndescription: C.\ninputSchema: {type: object, properties: {id: {type: strin}}}\n"
    second = "- name: close_ticket\n  description: C.\n  inputSchema: {type: object, properties: {}, required: [id]}\n"
    text = first + "---\n" + second + "---\n[bad\n"
    (repository / "tools" / "tickets.yaml").write_text(text)
    result = _check("--select", "SL001,SL007", "--fix", "tools/tickets.yaml")
    assert result.exit_code == 2
    assert "tools/tickets.yaml:10:1: SL000 [error] invalid YAML" in result.output
    assert "tools/tickets.yaml:3:" in result.output and "SL001" in result.output  # the first document
    assert "tools/tickets.yaml:7:" in result.output and "SL007" in result.output  # the second, a list
    assert (repository / "tools" / "tickets.yaml").read_text() == text


@pytest.mark.parametrize("flag", ["--select", "--extend-select", "--ignore"])
def test_an_unknown_rule_selector_is_an_error_with_the_closest_code(repository, flag):
    result = _check(flag, "SL3O1,SL3", ".")
    assert result.exit_code == 2 and "unknown rule selector: `SL3O1` (did you mean `SL301`?)" in result.output


@pytest.mark.parametrize("value", ["", ",", " "])
def test_an_empty_select_is_an_error_not_a_run_of_no_rule(repository, value):
    """`--select "$RULES"` with the variable unset ran no rule and passed: a gate off, in silence."""
    result = _check("--select", value, ".")
    assert result.exit_code == 2 and "`--select` names no rule (it is empty)" in result.output


def test_unknown_selectors_in_the_configuration_are_all_named(repository):
    (repository / ".schema-lint.toml").write_text('ignore = ["SLXX"]\n[per-file-ignores]\n"a/*.json" = ["SL3O1"]\n')
    result = _check(".")
    assert result.exit_code == 2 and "`SLXX`" in result.output and "`SL3O1`" in result.output


def test_output_file_receives_the_report_and_fail_on_info_counts_infos(repository):
    (repository / "tools" / "write.json").write_text(json.dumps({**TOOL, "name": "create_report"}))
    result = _check("--select", "SL501", "--output-format", "sarif", "--output-file", "report.sarif", "tools")
    assert result.output == "" and json.loads((repository / "report.sarif").read_text())["version"] == "2.1.0"
    assert _check("--select", "SL501", "tools").exit_code == 0  # SL501 is an info here
    assert _check("--select", "SL501", "--fail-on", "info", "tools").exit_code == 1
