"""The `suggestion` fix class and the evidence every fix names.

A suggestion is a tightening right in kind whose value only a person can choose: `--fix`
never writes it, whatever the flags, no setting promotes it, and the review formats show
it marked "choose the value". A fix `--fix --unsafe-fixes` may apply says where its value
came from: the schema's words, recorded calls, the configuration or the field's name."""

from __future__ import annotations

import json

from click.testing import CliRunner

from schema_lint.cli import main
from schema_lint.config import Config
from schema_lint.fixes.summary import FixSummary, enabled
from schema_lint.model import FixSafety
from schema_lint.report import ReportOptions, render
from schema_lint.run.linter import lint_text

TOOL = {
    "name": "create_ticket", "description": "Create a ticket.",
    "inputSchema": {"type": "object", "properties": {
        "summary": {"type": "str", "description": "Short summary, 1 to 120 characters."},
        "reporter": {"type": "string", "description": "Email address of the reporter."},
        "notes": {"type": "string", "description": "Anything else."},
        "tags": {"type": "array", "items": {"type": "string", "maxLength": 20}, "description": "Up to 5 tags."},
    }, "required": ["summary"]},
}


# The rules off by default whose fixes and suggestions these tests read.
OFF_BY_DEFAULT = ["SL301", "SL305", "SL307", "SL403"]


def _lint(tool=TOOL, config: Config | None = None):
    config = config or Config()
    config.extend_select = [*config.extend_select, *OFF_BY_DEFAULT]
    return lint_text(json.dumps(tool, indent=2), "tool.json", config)


def _at(result, code: str, field: str):
    return next(d for d in result.diagnostics if d.code == code and d.pointer.endswith("/" + field))


def test_fix_with_unsafe_fixes_writes_what_the_words_state_and_never_a_suggestion(tmp_path):
    path = tmp_path / "tool.json"
    path.write_text(json.dumps(TOOL, indent=2) + "\n", encoding="utf-8")
    done = CliRunner().invoke(main, ["check", "--fix", "--unsafe-fixes", "--show-fixes", "--extend-select",
                                     ",".join(OFF_BY_DEFAULT), str(path)],
                              catch_exceptions=False)
    schema = json.loads(path.read_text(encoding="utf-8"))["inputSchema"]
    properties = schema["properties"]
    # What the descriptions state, fixed over two passes (the type's spelling first, then the bounds).
    assert properties["summary"] == {"type": "string", "description": "Short summary, 1 to 120 characters.",
                                     "maxLength": 120, "minLength": 1}
    assert properties["reporter"]["format"] == "email" and properties["tags"]["maxItems"] == 5
    # What nothing states stays a suggestion: no conventional bound, no closed object, written.
    assert "maxLength" not in properties["notes"] and "maxLength" not in properties["reporter"]
    assert "additionalProperties" not in schema
    # --show-fixes and the summary count the fixes of every pass.
    assert "Fixed 5 findings:" in done.output and "(5 fixed," in done.output
    again = CliRunner().invoke(main, ["check", "--fix", "--unsafe-fixes", "--extend-select", ",".join(OFF_BY_DEFAULT),
                                      str(path)], catch_exceptions=False)
    assert "fixed" not in again.output.splitlines()[-1]  # the fixed point: a second run changes nothing


def test_no_flag_or_summary_counts_a_suggestion_as_a_fix():
    result = _lint()
    suggestion = _at(result, "SL301", "notes")
    assert suggestion.fix.safety is FixSafety.SUGGESTION and suggestion.fix.evidence.kind == "none"
    assert not enabled(suggestion, unsafe=True) and not enabled(suggestion, unsafe=False)
    summary = FixSummary.of([suggestion], unsafe=False)
    assert summary.available == 0 and summary.hidden == 0  # not "a hidden fix --unsafe-fixes enables"


def test_each_fix_names_its_evidence_as_data_and_in_words():
    result = _lint()
    maximum = _at(result, "SL301", "summary")
    assert maximum.fix is None or maximum.fix.safety is FixSafety.UNSAFE  # `str` is not yet a string type
    reporter = _at(result, "SL304", "reporter")
    assert reporter.fix.evidence == ("schema-words", "Email address")
    assert 'the description says "Email address"' in reporter.fix.description
    records = {(r["code"], r["pointer"].rsplit("/", 1)[1]): r for r in
               json.loads(render("json", result, ReportOptions()))}
    assert records[("SL304", "reporter")]["fix"]["evidence"] == {"kind": "schema-words", "detail": "Email address"}
    assert records[("SL301", "notes")]["fix"]["safety"] == "suggestion"
    assert records[("SL301", "notes")]["fix"]["evidence"] == {"kind": "none", "detail": ""}


def test_review_formats_mark_a_suggestion_choose_the_value_and_full_shows_help():
    result = _lint()
    rdjson = json.loads(render("rdjson", result, ReportOptions()))["diagnostics"]
    notes = next(d for d in rdjson if "`notes`" in d["message"] and d["code"]["value"] == "SL301")
    assert "Suggestion, choose the value" in notes["message"] and notes["suggestions"]
    reporter = next(d for d in rdjson if d["code"]["value"] == "SL304")
    assert "value from the schema's own words" in reporter["message"]
    sarif = json.loads(render("sarif", result, ReportOptions()))["runs"][0]["results"]
    fixes = [r["fixes"][0] for r in sarif if r.get("fixes")]
    assert any(f["properties"] == {"safety": "suggestion", "evidence": {"kind": "none", "detail": ""}} for f in fixes)
    assert any(f.get("properties", {}).get("evidence") == {"kind": "schema-words", "detail": "Email address"}
               for f in fixes)
    assert "Suggestion, choose the value" in render("markdown", result, ReportOptions())
    full = render("full", result, ReportOptions())
    assert "help: add `maxLength: 10000` (the conventional bound for a text field: choose the value) " \
           "[suggestion: `--fix` never applies it]" in full


def test_one_configured_max_length_key_switches_on_no_other_kind():
    config = Config(settings={"max-length": {"name": 100}})
    tool = {**TOOL, "inputSchema": {"type": "object", "properties": {
        "title": {"type": "string", "description": "The title."},
        "path": {"type": "string", "description": "Where to write."},
        "body": {"type": "string", "description": "The text."}}}}
    result = _lint(tool, config)
    title, body = _at(result, "SL301", "title"), _at(result, "SL301", "body")
    assert title.fix.safety is FixSafety.UNSAFE and title.fix.operations[0].value == 100
    assert title.fix.evidence == ("configuration", "max-length.name")
    # `text` is not configured: no built-in 10000 slips in as a fix; it stays a suggestion.
    assert body.fix.safety is FixSafety.SUGGESTION
    everything = Config(settings={"max-length": {"default": 500}})
    assert _at(_lint(tool, everything), "SL301", "body").fix.operations[0].value == 500


def test_a_finding_without_a_fix_says_why_and_what_would_supply_one():
    tool = {**TOOL, "inputSchema": {"type": "object", "properties": {
        "start_date": {"type": "string", "description": "When it starts.", "default": "05/15/2023"}}}}
    (finding,) = [d for d in _lint(tool).diagnostics if d.code == "SL304"]
    assert finding.fix is None and "; no fix: the schema's own words or values are not all in `date` format" \
        in finding.message


def test_a_suggestion_names_the_fields_kind_with_its_article():
    tool = {**TOOL, "inputSchema": {"type": "object", "properties": {
        "homepage": {"type": "string", "description": "Where to find it."},
        "guid": {"type": "string", "description": "Its key."},
        "email": {"type": "string", "description": "Whom to tell."}}}}
    descriptions = {d.pointer.rsplit("/", 1)[1]: d.fix.description for d in _lint(tool).diagnostics
                    if d.code == "SL301" and d.fix is not None}
    assert "the conventional bound for a url field" in descriptions["homepage"]
    assert "the conventional bound for a uuid field" in descriptions["guid"]
    assert "the conventional bound for an email field" in descriptions["email"]
