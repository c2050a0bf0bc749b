"""Fixes as reviewers get them: rdjson (checked against reviewdog's published schema),
the markdown PR comment, the `json` report's edits and SARIF's artifactChanges. Each
carries exactly the fix: applying what the report says gives what `--fix` writes."""

from __future__ import annotations

import json

import pytest
from conftest import FIXTURES
from jsonschema import Draft4Validator
from referencing import Registry, Resource
from referencing.jsonschema import DRAFT4

from schema_lint.config import Config
from schema_lint.run.linter import lint_text
from schema_lint.fixes.editor import fix_edits
from schema_lint.fixes.textedit import apply_edits
from schema_lint.report import ReportOptions, render

# The description's "é" and "ü" make byte columns differ from character columns.
TOOL = """{
  "name": "create_ticket", "description": "Créer un ticket (für alle).",
  "inputSchema": {
    "type": "object",
    "properties": {
      "title": {"type": "string", "description": "Titre, required, at most 200 characters."},
      "kind": {"type": "string", "enum": ["bug"], "description": "Art"}
    }
  }
}
"""


def _result(text: str = TOOL, path: str = "tool.json"):
    config = Config()
    config.select = ["SL101", "SL301", "SL307"]
    return lint_text(text, path, config)


def _rdjson_validator() -> Draft4Validator:
    schema = json.loads((FIXTURES / "reviewdog" / "DiagnosticResult.jsonschema").read_text(encoding="utf-8"))
    resources = [(name, Resource.from_contents(definition, default_specification=DRAFT4))
                 for name, definition in schema["definitions"].items()]
    return Draft4Validator(schema, registry=Registry().with_resources(resources))


def _replace_lines(text: str, first: int, last: int, new: str) -> str:
    lines = text.split("\n")
    return "\n".join(lines[: first - 1] + ([new] if new else []) + lines[last:])


def _fixed_alone(result, diagnostic) -> str:
    document = result.documents[diagnostic.path]
    return apply_edits(document.text, fix_edits(document, diagnostic.fix))


def test_rdjson_is_valid_against_reviewdogs_schema_and_the_validator_can_fail():
    validator = _rdjson_validator()
    report = json.loads(render("rdjson", _result(), ReportOptions()))
    assert list(validator.iter_errors(report)) == []
    assert report["diagnostics"]
    broken = {"diagnostics": [{"location": {"path": "x", "range": {"start": {"line": "one"}}}}]}
    assert list(validator.iter_errors(broken))


def test_rdjson_suggestion_spans_exactly_the_comment_lines_and_applies_the_fix():
    result = _result()
    report = json.loads(render("rdjson", result, ReportOptions()))
    with_fix = [d for d in result.diagnostics if d.fix is not None]
    suggested = [r for r in report["diagnostics"] if "suggestions" in r]
    assert len(suggested) == len(with_fix) == 3
    for record, diagnostic in zip(suggested, with_fix):
        (suggestion,) = record["suggestions"]
        assert suggestion["range"] == record["location"]["range"]
        assert set(suggestion["range"]["start"]) == {"line"} == set(suggestion["range"]["end"])
        first, last = suggestion["range"]["start"]["line"], suggestion["range"]["end"]["line"]
        assert _replace_lines(TOOL, first, last, suggestion["text"]) == _fixed_alone(result, diagnostic)
        assert str(diagnostic.fix.safety) in record["message"]


def test_rdjson_byte_columns_after_non_ascii_text():
    text = '{"name": "créé_ticket", "description": "ü", "inputSchema": {"type": "object", "properties": {"t": {"type": "string"}}}}'
    config = Config()
    config.select = ["SL401"]
    result = lint_text(text, "tool.json", config)
    (diagnostic,) = result.diagnostics
    record = json.loads(render("rdjson", result, ReportOptions()))["diagnostics"][0]
    prefix = text[: diagnostic.span.column - 1]
    assert record["location"]["range"]["start"]["column"] == len(prefix.encode("utf-8")) + 1
    assert record["location"]["range"]["start"]["column"] == diagnostic.span.column + 3


def test_markdown_shows_each_fix_as_a_suggestion_block_of_the_same_lines():
    result = _result()
    markdown = render("markdown", result, ReportOptions())
    rd = json.loads(render("rdjson", result, ReportOptions()))
    for record in rd["diagnostics"]:
        if "suggestions" in record:
            assert f"```suggestion\n{record['suggestions'][0]['text']}\n```" in markdown
    assert markdown.count("```suggestion") == 3


def test_markdown_fence_outgrows_backticks_in_the_suggestion():
    text = TOOL.replace('"Titre, required', '"Use ```code```, required')
    markdown = render("markdown", _result(text), ReportOptions())
    assert "````suggestion" in markdown


def _offset(text: str, line: int, column: int) -> int:
    return sum(len(piece) + 1 for piece in text.split("\n")[: line - 1]) + column - 1


@pytest.mark.parametrize("path, text", [("tool.json", TOOL), ("tool.yaml", "# t\nname: create_ticket\ninputSchema:\n"
                                                                          "  type: object\n  properties:\n"
                                                                          "    title: {type: string, description: At most 9 characters.}  # x\n")])
def test_json_report_edits_are_the_fix(path, text):
    result = _result(text, path)
    records = json.loads(render("json", result, ReportOptions()))
    assert any(r["fix"] for r in records)
    for record, diagnostic in zip(records, result.diagnostics):
        if record["fix"] is None:
            continue
        assert set(record["fix"]) == {"safety", "description", "evidence", "edits"}
        edits = sorted(record["fix"]["edits"], key=lambda e: (e["line"], e["column"]), reverse=True)
        fixed = text
        for edit in edits:
            start = _offset(text, edit["line"], edit["column"])
            end = _offset(text, edit["end_line"], edit["end_column"])
            fixed = fixed[:start] + edit["content"] + fixed[end:]
        assert fixed == _fixed_alone(result, diagnostic)


def test_sarif_results_carry_the_fix_as_artifact_changes():
    result = _result()
    log = json.loads(render("sarif", result, ReportOptions()))
    results = log["runs"][0]["results"]
    fixed = [r for r in results if "fixes" in r]
    assert len(fixed) == 3
    for record in fixed:
        (change,) = record["fixes"][0]["artifactChanges"]
        assert change["artifactLocation"]["uri"].endswith("tool.json")
        assert all({"deletedRegion", "insertedContent"} <= set(r) for r in change["replacements"])


ONE_LINE = json.dumps({"name": "create_ticket", "description": "Create.", "inputSchema": {
    "type": "object", "properties": {"title": {"type": "string", "description": "At most 80 characters."},
                                     "kind": {"type": "string", "enum": ["bug"]}}}}) + "\n"


def test_fixes_on_the_same_lines_become_one_suggestion_carrying_both():
    result = _result(ONE_LINE)
    report = json.loads(render("rdjson", result, ReportOptions()))
    suggested = [r for r in report["diagnostics"] if "suggestions" in r]
    ranges = [(r["suggestions"][0]["range"]["start"]["line"], r["suggestions"][0]["range"]["end"]["line"])
              for r in suggested]
    assert len(ranges) == len(set(ranges)) == 1  # GitHub applies one suggestion per line range
    (record,) = suggested
    merged = json.loads(_replace_lines(ONE_LINE, 1, 1, record["suggestions"][0]["text"]))
    properties = merged["inputSchema"]["properties"]
    assert properties["title"]["maxLength"] == 80 and properties["kind"] == {"type": "string", "const": "bug"}
    others = [r for r in report["diagnostics"] if "suggestions" not in r and "Suggested fix" in r["message"]]
    assert others and all("part of the suggestion of" in r["message"] for r in others)
    markdown = render("markdown", result, ReportOptions())
    assert markdown.count("```suggestion") == 1 and "part of the suggestion of" in markdown


def test_markdown_stays_within_githubs_comment_limit_and_says_what_it_left_out():
    from schema_lint.report.markdown import COMMENT_LIMIT

    tools = [{"name": f"create_ticket_{n}", "description": "Create.", "inputSchema": {
        "type": "object", "properties": {"title": {"type": "string"}}}} for n in range(400)]
    result = _result(json.dumps(tools, indent=2))
    markdown = render("markdown", result, ReportOptions())
    assert len(markdown) <= COMMENT_LIMIT
    assert "more findings not shown" in markdown and markdown.rstrip().endswith("in 1 file.")


def test_the_fixes_of_a_large_file_read_its_text_about_once_not_once_a_fix(monkeypatch):
    """A report computes every fix's edits: each must cost its node, not the file. Counted in
    characters decoded (each level of nesting decodes the values of its members once: six
    here) and texts scanned, so the test is the same on any machine. Decoding the whole
    document for every fix read it 1,900 times here."""
    from schema_lint.fixes import json_editor
    from schema_lint.sources import locate

    kinds = [{"type": "string", "enum": ["bug"]}, {"enum": ["bug"]}, {"type": "float"}]  # the middle one's edits touch
    tools = [{"name": f"create_{index}", "inputSchema": {"type": "object", "properties": {"kind": kinds[index % 3]}}}
             for index in range(300)]
    text = json.dumps({"tools": tools}, indent=2)
    config = Config()
    config.select = ["SL005", "SL307"]
    result = lint_text(text, "tools.json", config)
    document = result.documents["tools.json"]
    read = {"decoded": 0, "scanned": 0}
    scan = locate._SCAN_VALUE

    def counting_scan(s, index):
        value, end = scan(s, index)
        read["decoded"] += end - index
        return value, end

    original_init = json_editor.EditLocator.__init__

    def counting_init(self, scanned, *rest):
        read["scanned"] += len(scanned)
        original_init(self, scanned, *rest)

    monkeypatch.setattr(locate, "_SCAN_VALUE", counting_scan)
    monkeypatch.setattr(json_editor.EditLocator, "__init__", counting_init)
    fixed = [fix_edits(document, d.fix) for d in result.diagnostics if d.fix is not None]
    assert len(fixed) >= 300
    assert read["decoded"] <= 6 * len(text) and read["scanned"] <= 2 * len(text), read
