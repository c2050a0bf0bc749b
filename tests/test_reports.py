"""Every output format: its shape, its escaping, and (SARIF) its schema."""

from __future__ import annotations

import json

import jsonschema
import pytest
from conftest import FIXTURES
from hypothesis import given
from hypothesis import strategies as st

from schema_lint.config import Config
from schema_lint.text.display import escape
from schema_lint.run.linter import lint_text
from schema_lint.run.result import LintResult
from schema_lint.model import Diagnostic, Severity, Span
from schema_lint.report import FORMATS, ReportOptions, render
from schema_lint.report.ci import checkout_path, fingerprints
from schema_lint.report.github import escape_data, escape_property

LOOSE_TOOL = {
    "name": "create_ticket",
    "description": "Open a ticket.",
    "inputSchema": {
        "type": "object",
        "properties": {"title": {"type": "string"}, "body": {"type": "string", "maxLength": 100}},
    },
}
PATH = "tools/create_ticket.json"
JSON_KEYS = {"code", "name", "severity", "message", "file", "line", "column", "end_line", "end_column", "source",
             "pointer", "tool", "fix"}


def lint_loose(select=("SL101", "SL201", "SL301")) -> LintResult:
    return lint_text(json.dumps(LOOSE_TOOL, indent=2), PATH, Config(select=list(select)))


def diagnostic(message="bad", severity=Severity.WARNING, span=Span(3, 5, 3, 9), path=PATH, pointer="/x",
               code="SL301", tool="create_ticket") -> Diagnostic:
    return Diagnostic(code=code, name="unbounded-string", severity=severity, message=message, path=path,
                      pointer=pointer, tool=tool, span=span)


def output(format_name: str, result: LintResult) -> str:
    return render(format_name, result, ReportOptions())


def test_every_format_renders_an_empty_result():
    empty = {name: output(name, LintResult()) for name in FORMATS}
    assert json.loads(empty["json"]) == json.loads(empty["gitlab"]) == []
    assert empty["jsonl"] == ""
    assert json.loads(empty["sarif"])["runs"][0]["results"] == []
    for name in ("full", "concise", "github"):
        assert empty[name] == "No tool found in 0 files: nothing was checked (`-v` lists the files read).\n", name


# --- json, jsonl, concise, full -------------------------------------------------------


def test_json_objects_have_exactly_the_documented_keys():
    records = json.loads(output("json", lint_loose()))
    assert [r["code"] for r in records] == ["SL101", "SL201", "SL301"]
    assert all(set(r) == JSON_KEYS for r in records)
    title = records[2]
    assert (title["file"], title["pointer"], title["tool"], title["severity"]) == (
        PATH, "/inputSchema/properties/title", "create_ticket", "warning")
    assert (title["line"], title["column"], title["end_line"], title["end_column"]) == (7, 16, 9, 8)


def test_jsonl_is_the_json_array_one_object_a_line():
    result = lint_loose()
    lines = output("jsonl", result).splitlines()
    assert [json.loads(line) for line in lines] == json.loads(output("json", result))


def test_concise_is_one_grep_friendly_line_per_finding():
    lines = output("concise", lint_loose(["SL301"])).splitlines()
    assert lines[0] == (f"{PATH}:7:16: SL301 [warning] create_ticket: string `title` has no maxLength, enum, const, "
                        "anchored pattern or format")
    assert lines[-1] == "Found 1 finding (1 warning) in 1 file."


def test_full_shows_the_source_line_and_underlines_the_node():
    text = '{"name": "create_x", "inputSchema": {"type": "object",\n "properties": {"a": {"type": "string"}}}}\n'
    report = output("full", lint_text(text, "t.json", Config(select=["SL301"])))
    assert ' "properties": {"a": {"type": "string"}}}}' in report
    caret_line = next(line for line in report.splitlines() if "^" in line)
    assert caret_line.index("^") - caret_line.index("|") - 2 == len(' "properties": {"a": ')
    assert caret_line.count("^") == len('{"type": "string"}')


# --- github -----------------------------------------------------------------------------


def test_github_annotation_carries_range_title_and_location():
    lines = output("github", lint_loose(["SL301"])).splitlines()
    assert lines[0] == (
        f"::warning file={PATH},line=7,endLine=9,title=SL301 unbounded-string::"
        f"{PATH}:7:16: string `title` has no maxLength, enum, const, anchored pattern or format"
    )


def test_github_gives_columns_only_on_single_line_ranges():
    single = output("github", LintResult([diagnostic(span=Span(3, 5, 3, 9))]))
    multi = output("github", LintResult([diagnostic(span=Span(3, 5, 4, 2))]))
    assert "line=3,endLine=3,col=5,endColumn=9," in single
    assert "line=3,endLine=4,title=" in multi and "col=" not in multi


def test_github_maps_info_to_notice_and_keeps_error_and_warning():
    result = LintResult([diagnostic(severity=s) for s in (Severity.ERROR, Severity.WARNING, Severity.INFO)])
    commands = [line.split(" ", 1)[0] for line in output("github", result).splitlines()[:3]]
    assert commands == ["::error", "::warning", "::notice"]


def test_github_escapes_message_and_properties_as_github_requires():
    """A line break in the message is written `\\r\\n`, as `concise` writes it: GitHub's
    `%0D%0A` is decoded back by the runner, and a name's line break would show as a second
    line of the name's choosing inside the annotation."""
    d = diagnostic(message="100% of\r\nlines: a,b", path="dir,1/a:b.json")
    line = output("github", LintResult([d])).splitlines()[0]
    assert line.startswith("::warning file=dir%2C1/a%3Ab.json,line=3,")
    assert line.endswith("::dir,1/a:b.json:3:5: 100%25 of\\r\\nlines: a,b")


def test_github_summary_says_how_many_annotations_github_hides():
    few = output("github", LintResult([diagnostic() for _ in range(10)])).splitlines()
    many = output("github", LintResult([diagnostic() for _ in range(11)] + [diagnostic(severity=Severity.ERROR)]))
    assert few[-1] == "Found 10 findings (10 warnings) in 1 file."
    assert many.splitlines()[-1].startswith("GitHub shows the first 10 annotations of each type (11 warnings here)")


def _unescape(text: str) -> str:
    for escaped, raw in (("%2C", ","), ("%3A", ":"), ("%0A", "\n"), ("%0D", "\r"), ("%25", "%")):
        text = text.replace(escaped, raw)
    return text


@given(st.text())
def test_github_escaping_is_reversible_and_leaves_no_separator(text):
    prop, data = escape_property(text), escape_data(text)
    # What GitHub shows, its own escapes reversed, is the text with its control characters
    # (line breaks too) written out, as `concise` shows it.
    assert _unescape(prop) == escape(text) and _unescape(data) == escape(text)
    assert not any(c in prop for c in ",:\r\n") and not any(c in data for c in "\r\n")
    assert escape(prop) == prop and escape(data) == data  # no control character is left


# --- sarif ------------------------------------------------------------------------------


@pytest.fixture(scope="module")
def sarif_validator():
    schema = json.loads((FIXTURES / "sarif-schema-2.1.0.json").read_text(encoding="utf-8"))
    cls = jsonschema.validators.validator_for(schema)
    cls.check_schema(schema)
    return cls(schema, format_checker=cls.FORMAT_CHECKER)


def _assert_valid(validator, log):
    errors = [f"{'/'.join(map(str, e.absolute_path))}: {e.message}" for e in validator.iter_errors(log)]
    assert errors == []


def test_sarif_is_valid_against_the_official_schema(sarif_validator):
    result = lint_loose()
    broken = lint_text('{"name": "x",\n "inputSchema": {', "broken.json")
    result.diagnostics += broken.diagnostics
    result.documents.update(broken.documents)
    log = json.loads(output("sarif", result))
    _assert_valid(sarif_validator, log)
    assert len(log["runs"][0]["results"]) == 4
    _assert_valid(sarif_validator, json.loads(output("sarif", LintResult())))


def test_sarif_results_point_at_their_rule_region_and_node():
    log = json.loads(output("sarif", lint_loose(["SL301"])))
    run = log["runs"][0]
    (result,) = run["results"]
    rule = run["tool"]["driver"]["rules"][result["ruleIndex"]]
    assert (rule["id"], rule["name"], result["ruleId"], result["level"]) == (
        "SL301", "unbounded-string", "SL301", "warning")
    assert rule["defaultConfiguration"] == {"level": "warning"}
    assert "## Why is this bad" in rule["help"]["markdown"]
    (location,) = result["locations"]
    assert location["physicalLocation"] == {
        "artifactLocation": {"uri": PATH, "uriBaseId": "%SRCROOT%"},
        "region": {"startLine": 7, "startColumn": 16, "endLine": 9, "endColumn": 8},
    }
    assert location["logicalLocations"] == [
        {"name": "create_ticket", "kind": "function"},
        {"fullyQualifiedName": "/inputSchema/properties/title", "name": "title", "kind": "object"},
    ]


def test_sarif_maps_info_to_note_and_describes_every_rule():
    log = json.loads(output("sarif", LintResult([diagnostic(severity=Severity.INFO)])))
    run = log["runs"][0]
    assert run["results"][0]["level"] == "note"
    ids = [rule["id"] for rule in run["tool"]["driver"]["rules"]]
    assert ids[0] == "SL000" and {"SL001", "SL101", "SL201", "SL301"} <= set(ids)
    assert ids == sorted(ids)


# --- gitlab -----------------------------------------------------------------------------


def test_gitlab_code_quality_issue_shape():
    issues = json.loads(output("gitlab", lint_loose()))
    assert [set(i) for i in issues] == [{"description", "check_name", "fingerprint", "severity", "location"}] * 3
    title = issues[2]
    assert title["check_name"] == "SL301"
    assert title["description"].startswith("SL301 unbounded-string: string `title`")
    assert title["location"] == {"path": PATH, "lines": {"begin": 7, "end": 9}}
    assert [i["severity"] for i in issues] == ["major", "major", "minor"]


def test_gitlab_severity_scale():
    result = LintResult([diagnostic(severity=s) for s in Severity])
    assert [i["severity"] for i in json.loads(output("gitlab", result))] == ["info", "minor", "major"]


def test_a_generated_tools_findings_are_ordered_by_the_code_they_come_from():
    """A `--python` tool's findings have no span: they were ordered by rule code alone."""
    at = [("SL201", "m.py:4:1"), ("SL302", "m.py:7:23"), ("SL403", "m.py:6:18"), ("SL501", "m.py:4:1"),
          ("SL401", "C:\\src\\m.py:10")]
    found = [diagnostic(code=code, span=None, path="python:m:TOOLS/t")._replace(live=True, source=source)
             for code, source in at]
    result = LintResult(found)
    result.in_order([])
    assert [d.code for d in result.diagnostics] == ["SL201", "SL501", "SL403", "SL302", "SL401"]


def test_gitlab_paths_are_relative_to_the_project_directory(tmp_path, monkeypatch):
    """A job that lints from a subfolder: GitLab finds files from `$CI_PROJECT_DIR`, as ruff names them."""
    (tmp_path / "sub").mkdir()
    monkeypatch.chdir(tmp_path / "sub")
    result = LintResult([diagnostic(path="tools/a.json")])
    monkeypatch.delenv("CI_PROJECT_DIR", raising=False)
    [alone] = json.loads(output("gitlab", result))
    monkeypatch.setenv("CI_PROJECT_DIR", str(tmp_path))
    [in_a_job] = json.loads(output("gitlab", result))
    assert (alone["location"]["path"], in_a_job["location"]["path"]) == ("tools/a.json", "sub/tools/a.json")
    monkeypatch.chdir(tmp_path)  # the same file linted from the project's root: the same fingerprint
    [from_root] = json.loads(output("gitlab", LintResult([diagnostic(path="sub/tools/a.json")])))
    assert from_root["fingerprint"] == in_a_job["fingerprint"] != alone["fingerprint"]


def test_github_and_sarif_paths_are_relative_to_the_workspace_in_an_actions_job(tmp_path, monkeypatch):
    """A step with `working-directory: sub`: GitHub places annotations and code-scanning alerts
    from `$GITHUB_WORKSPACE`; from the subfolder they named files it could not find."""
    (tmp_path / "sub").mkdir()
    monkeypatch.chdir(tmp_path / "sub")
    result = LintResult([diagnostic(path="tools/a.json")])
    monkeypatch.delenv("GITHUB_WORKSPACE", raising=False)
    assert "file=tools/a.json," in output("github", result)
    alone = json.loads(output("sarif", result))["runs"][0]
    monkeypatch.setenv("GITHUB_WORKSPACE", str(tmp_path))
    assert "file=sub/tools/a.json," in output("github", result)
    in_a_job = json.loads(output("sarif", result))["runs"][0]
    located = [run["results"][0]["locations"][0]["physicalLocation"]["artifactLocation"]["uri"] for run in (alone, in_a_job)]
    assert located == ["tools/a.json", "sub/tools/a.json"]
    assert in_a_job["originalUriBaseIds"]["%SRCROOT%"]["uri"] == tmp_path.as_uri() + "/"
    monkeypatch.chdir(tmp_path)  # linted from the root: the same fingerprint, so the alert is the same one
    from_root = json.loads(output("sarif", LintResult([diagnostic(path="sub/tools/a.json")])))["runs"][0]
    assert from_root["results"][0]["partialFingerprints"] == in_a_job["results"][0]["partialFingerprints"]


def test_ci_paths_are_relative_to_the_working_directory(tmp_path, monkeypatch):
    monkeypatch.chdir(tmp_path)
    assert checkout_path("./tools/../a.json") == "a.json"
    assert checkout_path(str(tmp_path / "tools" / "b.json")) == "tools/b.json"
    assert checkout_path(str(tmp_path.parent / "c.json")) == str(tmp_path.parent / "c.json")
    assert checkout_path("-") == "-"


def test_fingerprints_ignore_line_moves_and_stay_unique():
    moved = lint_text("\n\n" + json.dumps(LOOSE_TOOL, indent=4), PATH, Config(select=["SL301"]))
    assert fingerprints(lint_loose(["SL301"]).diagnostics) == fingerprints(moved.diagnostics)
    twins = [diagnostic(message="first"), diagnostic(message="second"), diagnostic(pointer="/y")]
    assert len(set(fingerprints(twins))) == 3
    assert fingerprints(twins) == fingerprints(list(twins))


def test_the_summary_counts_a_live_server_or_python_target_once_not_each_tool():
    from schema_lint.model import Diagnostic, Severity
    from schema_lint.report.text import summary

    def finding(path, live):
        return Diagnostic("SL201", "open-object", Severity.WARNING, "m", path, "", live=live)

    result = LintResult()
    result.diagnostics = [finding("mcp:everything/echo", True), finding("mcp:everything/add", True),
                          finding("python:app:mcp/create", True), finding("tools.json", False)]
    line = summary(result, type("Options", (), {"verbose": False})())
    assert line == "Found 4 findings (4 warnings) in 1 file, 1 server and 1 Python target."


# --- streamed JSON ----------------------------------------------------------------------

_JSON_VALUES = st.recursive(
    st.none() | st.booleans() | st.integers() | st.text(max_size=5),
    lambda inner: st.lists(inner, max_size=3) | st.dictionaries(st.text(max_size=3), inner, max_size=3),
    max_leaves=12)


@given(items=st.lists(_JSON_VALUES, max_size=4), depth=st.integers(0, 3))
def test_a_streamed_list_is_written_as_json_dumps_writes_the_list(items, depth):
    from schema_lint.report.json_stream import Streamed, chunks
    from schema_lint.text.display import json_text

    def holding(inner):
        holder = [{"before": "\u202e", "items": inner, "after": 1}]
        for _ in range(depth):
            holder = [holder, {}]
        return holder

    streamed = "".join(chunks(holding(Streamed(iter(items), len(items)))))
    assert streamed == json_text(holding(items), indent=2) + "\n"


@pytest.mark.parametrize("format_name", ["json", "jsonl", "sarif"])
def test_the_json_formats_are_written_a_piece_at_a_time(format_name, monkeypatch):
    """A report of 20,000 tools built as one text took 1.2 GB (JSON) and 2.3 GB (SARIF)."""
    from schema_lint.report import chunks, json_stream

    monkeypatch.setattr(json_stream, "PIECE", 4_096)

    result = LintResult([diagnostic(pointer=f"/properties/p{n}", message="m" * 200) for n in range(2_000)])
    pieces = list(chunks(format_name, result, ReportOptions(), size=4_096))
    # A piece holds up to one token more than asked: the longest is a rule's documentation in
    # SARIF's envelope (15 kB), the same for any report.
    assert len(pieces) > 50 and max(map(len, pieces)) < 20_000
    assert "".join(pieces) == output(format_name, result)
