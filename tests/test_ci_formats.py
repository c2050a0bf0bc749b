"""What CI services read, held to their own schemas and conventions: `junit` against the common
JUnit XML schema, SARIF rules with the `help` and `helpUri` code scanning shows, and the
home page the reports name."""

from __future__ import annotations

import json
import sys

import pytest
from click.testing import CliRunner
from conftest import FIXTURES, REPO

from schema_lint.cli import main
from schema_lint.config import Config
from schema_lint.model import Diagnostic, Severity
from schema_lint.report import ReportOptions, render
from schema_lint.report.links import homepage, rule_url
from schema_lint.rule import load_rules
from schema_lint.run.linter import lint_text

if sys.version_info >= (3, 11):
    import tomllib
else:
    import tomli as tomllib

OPEN_TOOL = {"name": "create_ticket", "description": "Open a ticket.",
             "inputSchema": {"type": "object", "properties": {"title": {"type": "string"}}}}


def _lint(select=("SL201", "SL301", "SL501")):
    result = lint_text(json.dumps(OPEN_TOOL, indent=2), "tools/create_ticket.json", Config(select=list(select)))
    broken = lint_text('{"name": "x",\n "inputSchema": {', "tools/broken.json")
    result.add(broken)
    return result


# --- junit ------------------------------------------------------------------------------


@pytest.fixture(scope="module")
def junit_schema():
    import xmlschema

    return xmlschema.XMLSchema(str(FIXTURES / "junit-10.xsd"))


def _junit(result, **options) -> str:
    return render("junit", result, ReportOptions(**options))


def test_junit_is_valid_against_the_common_junit_schema(junit_schema):
    report = _junit(_lint())
    junit_schema.validate(report)
    tree = junit_schema.to_dict(report)
    assert (tree["@tests"], tree["@failures"], tree["@errors"]) == ("3", "2", "1")  # SL501 is an info
    suites = {suite["@name"]: suite for suite in tree["testsuite"]}
    assert set(suites) == {"tools/create_ticket.json", "tools/broken.json"}
    cases = suites["tools/create_ticket.json"]["testcase"]
    assert [case["@name"] for case in cases] == ["SL201 open-object create_ticket#/inputSchema",
                                                 "SL301 unbounded-string create_ticket#/inputSchema/properties/title"]
    failure = cases[1]["failure"][0]
    assert failure["@type"] == "SL301"
    assert failure["$"].startswith("tools/create_ticket.json:7:16: SL301 [warning] string `title` has no maxLength")
    assert failure["$"].endswith(rule_url("SL301"))
    assert suites["tools/broken.json"]["testcase"][0]["error"][0]["@type"] == "SL000"


def test_junit_lists_what_fails_the_run(junit_schema):
    everything = junit_schema.to_dict(_junit(_lint(), fail_on="never"))
    assert everything["@tests"] == "4"
    clean = _junit(lint_text(json.dumps(OPEN_TOOL), "t.json", Config(select=["SL501"])))
    junit_schema.validate(clean)
    assert junit_schema.to_dict(clean)["testsuite"][0]["testcase"] == [{"@name": "no findings",
                                                                        "@classname": "schema-lint"}]


@pytest.mark.hostile
def test_junit_stays_valid_xml_whatever_the_names_hold(junit_schema):
    name = "a\x01b\x1b[31m]]>\ufffe<&\"'\udcff"
    finding = Diagnostic(code="SL301", name="unbounded-string", severity=Severity.ERROR, message=f"string `{name}`",
                         path=f"tools/{name}.json", pointer=f"/{name}", tool=name)
    from schema_lint.run.result import LintResult

    report = _junit(LintResult([finding]))
    junit_schema.validate(report)
    assert "\\x01b\\x1b[31m]]>\\ufffe<&\"'\\xff" in junit_schema.to_dict(report)["testsuite"][0]["@name"]


# --- SARIF links, home page -------------------------------------------------------------


def _sarif_rules(*args: str) -> list[dict]:
    done = CliRunner().invoke(main, ["check", "--output-format", "sarif", *args, "examples/tight"])
    return json.loads(done.output)["runs"][0]["tool"]["driver"]["rules"]


def test_every_sarif_rule_has_help_and_a_help_uri_to_its_page():
    rules = _sarif_rules()
    assert [rule["id"] for rule in rules] == list(load_rules())  # SL000 once, first
    for rule in rules:
        assert rule["help"]["text"] and rule["help"]["markdown"], rule["id"]
        assert rule["helpUri"] == f"{homepage()}/blob/main/docs/rules/{rule['id']}.md"
        assert (REPO / "docs" / "rules" / f"{rule['id']}.md").is_file()


@pytest.mark.parametrize(("docs_url", "page"), [
    ("https://docs.example.com/schema-lint/", "https://docs.example.com/schema-lint/rules/SL301.html"),
    ("https://example.com/r/{code}?n={name}", "https://example.com/r/SL301?n=unbounded-string"),
])
def test_docs_url_points_help_uri_at_a_published_site(monkeypatch, docs_url, page):
    by_id = {rule["id"]: rule for rule in _sarif_rules("--docs-url", docs_url)}
    assert by_id["SL301"]["helpUri"] == page
    monkeypatch.setenv("SCHEMA_LINT_DOCS_URL", docs_url)
    assert {rule["id"]: rule for rule in _sarif_rules()}["SL301"]["helpUri"] == page


def test_rdjson_links_each_code_to_its_rule_page():
    records = json.loads(render("rdjson", _lint(), ReportOptions(docs_url="https://d.example/")))["diagnostics"]
    assert {r["code"]["value"]: r["code"]["url"] for r in records}["SL301"] == "https://d.example/rules/SL301.html"


def test_reports_name_the_repository_as_home():
    project = tomllib.loads((REPO / "pyproject.toml").read_text(encoding="utf-8"))["project"]
    assert homepage() == project["urls"]["Repository"]
    result = _lint()
    sarif = json.loads(render("sarif", result, ReportOptions()))
    assert sarif["runs"][0]["tool"]["driver"]["informationUri"] == homepage()
    assert json.loads(render("rdjson", result, ReportOptions()))["source"]["url"] == homepage()


# --- several formats in one run, output files ---------------------------------------------


@pytest.fixture
def tools(tmp_path, monkeypatch):
    (tmp_path / "tools.json").write_text(json.dumps(OPEN_TOOL, indent=2))
    monkeypatch.chdir(tmp_path)
    return tmp_path


def _check(*args: str):
    return CliRunner().invoke(main, ["check", "--select", "SL201", *args, "tools.json"])


def test_one_run_writes_sarif_and_junit_to_files_and_github_to_stdout(tools, junit_schema):
    (tools / "out").mkdir()
    done = _check("--output-format", "sarif:out/schema-lint.sarif", "--output-format", "github",
                  "--output-format", "junit:report.xml")
    assert done.exit_code == 1, done.output
    assert done.output.startswith("::error file=tools.json,line=4,endLine=11,title=SL201 open-object::")
    sarif = json.loads((tools / "out" / "schema-lint.sarif").read_text())
    assert [r["ruleId"] for r in sarif["runs"][0]["results"]] == ["SL201"]
    junit_schema.validate(str(tools / "report.xml"))
    # With every format bound to a file, stdout has the default report.
    alone = _check("--output-format", "json:only.json")
    assert alone.output.startswith("tools.json:4:18: SL201 [error]")
    assert [f["code"] for f in json.loads((tools / "only.json").read_text())] == ["SL201"]


def test_output_file_is_where_the_format_without_a_file_goes(tools):
    done = _check("--output-format", "sarif", "--output-file", "a.sarif", "--output-format", "json:b.json")
    assert done.exit_code == 1 and done.output == ""
    assert json.loads((tools / "a.sarif").read_text())["version"] == "2.1.0"
    assert json.loads((tools / "b.json").read_text())[0]["code"] == "SL201"


@pytest.mark.parametrize(("args", "message"), [
    (["--output-format", "sarif", "--output-format", "github"], "sarif and github would both go to stdout"),
    (["--output-format", "sarif:x", "--output-format", "json:x"], "two reports would be written to x"),
    (["--output-format", "sarif:./x", "--output-format", "json:x"], "two reports would be written to ./x (as x)"),
    (["--output-format", "sarif:x", "--output-file", "./x", "--output-format", "json"], "written to x (as ./x)"),
    (["--output-format", "sarif:x", "--output-file", "x"], "every --output-format has its own file"),
    (["--output-format", "yaml:x"], "'yaml' is not one of"),
])
def test_formats_that_cannot_all_be_written_are_a_usage_error(tools, args, message):
    done = _check(*args)
    assert done.exit_code == 2 and message in done.output
    assert sorted(path.name for path in tools.iterdir()) == ["tools.json"]


def test_output_files_get_the_mode_the_umask_allows_or_keep_their_own(tools):
    import os

    old = os.umask(0o027)
    try:
        _check("--output-format", "sarif:new.sarif")
        (tools / "kept.json").write_text("")
        (tools / "kept.json").chmod(0o604)
        _check("--output-format", "json", "--output-file", "kept.json")
    finally:
        os.umask(old)
    assert (tools / "new.sarif").stat().st_mode & 0o777 == 0o640
    assert (tools / "kept.json").stat().st_mode & 0o777 == 0o604


def test_statistics_mark_a_rule_fixable_only_when_the_flags_enable_its_fixes(tools):
    (tools / "tools.json").write_text(json.dumps({"name": "get_x", "description": "Get x.", "inputSchema": {
        "type": "object", "additionalProperties": False, "properties": {"n": {"type": "str", "description": "N."}}}}))
    only_unsafe = CliRunner().invoke(main, ["check", "--statistics", "--select", "SL005", "tools.json"])
    assert only_unsafe.output == "1  SL005      non-standard-type\n"
    enabled = CliRunner().invoke(main, ["check", "--statistics", "--unsafe-fixes", "--select", "SL005", "tools.json"])
    assert enabled.output == "1  SL005  [*] non-standard-type\n"
    as_json = CliRunner().invoke(main, ["check", "--statistics", "--output-format", "json", "--select", "SL005",
                                        "tools.json"])
    assert json.loads(as_json.output)[0]["fixable"] is False


# --- SARIF from Python objects ------------------------------------------------------------


def test_sarif_of_a_python_run_is_valid_and_places_every_result_in_a_file(monkeypatch):
    import jsonschema

    monkeypatch.chdir(FIXTURES / "python")
    done = CliRunner().invoke(main, ["check", "--output-format", "sarif", "--python", "ticket_models:MODELS",
                                     "--python", "ticket_models:no_such_object"])
    assert done.exit_code == 2  # the second target cannot be had
    log = json.loads(done.output)
    schema = json.loads((FIXTURES / "sarif-schema-2.1.0.json").read_text(encoding="utf-8"))
    assert list(jsonschema.Draft7Validator(schema).iter_errors(log)) == []
    results = log["runs"][0]["results"]
    assert len(results) >= 2
    for result in results:
        (location,) = result["locations"]
        assert location["physicalLocation"]["artifactLocation"] == {"uri": "ticket_models.py", "uriBaseId": "%SRCROOT%"}
        assert location["physicalLocation"]["region"]["startLine"] > 0
    (note,) = log["runs"][0]["invocations"][0]["toolExecutionNotifications"]
    assert note["message"]["text"].startswith("1 finding is not in this log: on tools in no file "
                                              "(python:ticket_models:no_such_object)")


def test_every_sarif_fix_carries_its_safety_as_the_json_report_does(tmp_path, monkeypatch):
    """A fix that is unsafe and rests on no evidence (SL016's respelling of a format; SL306's
    anchoring was one) had no `properties` in SARIF, so a SARIF reader could not tell it from
    a safe one."""
    tool = {"name": "create_item", "description": "Create an item.", "inputSchema": {
        "type": "object", "additionalProperties": False, "required": ["ref", "title", "when"], "properties": {
            "ref": {"type": "string", "pattern": "/.*|id:.*", "maxLength": 64},
            "title": {"type": "string", "description": "1 to 120 characters."},
            "when": {"type": "string", "format": "datetime", "maxLength": 64}}}}
    (tmp_path / "tools.json").write_text(json.dumps(tool))
    monkeypatch.chdir(tmp_path)
    as_json = CliRunner().invoke(main, ["check", "--no-cache", "--output-format", "json", "tools.json"])
    as_sarif = CliRunner().invoke(main, ["check", "--no-cache", "--output-format", "sarif", "tools.json"])
    fixes = {(d["code"], d["pointer"]): d["fix"] for d in json.loads(as_json.stdout) if d["fix"]}
    results = json.loads(as_sarif.stdout)["runs"][0]["results"]
    sarif = {(r["ruleId"], r["locations"][0]["logicalLocations"][-1]["fullyQualifiedName"]): r["fixes"][0]["properties"]
             for r in results if r.get("fixes")}
    assert any(fix["evidence"] is None and fix["safety"] == "unsafe" for fix in fixes.values())
    assert len(sarif) == len(fixes) > 1
    for key, fix in fixes.items():
        assert sarif[key]["safety"] == fix["safety"]
        assert sarif[key].get("evidence") == fix["evidence"]
