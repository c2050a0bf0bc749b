"""Every output format copes with findings on a live server's tools, which have a
server, a tool and a pointer but no file, line or text edit."""

from __future__ import annotations

import json

import jsonschema
import pytest
from conftest import FIXTURES
from livekit import lint_listing

from schema_lint.config import Config
from schema_lint.live.lint import add_failure
from schema_lint.config.servers import Server
from schema_lint.report import FORMATS, ReportOptions, render

TOOLS = [{"name": "create_ticket", "description": "Open a ticket.", "inputSchema": {
    "type": "object", "required": ["kind"], "additionalProperties": False,
    "properties": {"kind": {"type": "string", "enum": ["bug"], "description": "Kind."}}}}]
WHERE = "mcp:srv/create_ticket"


def _result():
    result = lint_listing(TOOLS, config=Config(select=["SL307"]))
    down = Server("down", command=("down-server",))
    add_failure(result, down.path, f"MCP server `{down.name}` ({down.shown}): could not be started: nope")
    result.diagnostics.sort(key=lambda d: d.sort_key)
    return result


def _render(name: str) -> str:
    return render(name, _result(), ReportOptions(fail_on="info"))  # junit lists only what fails the run


@pytest.mark.parametrize("name", sorted(FORMATS))
def test_every_format_names_the_server_and_tool(name):
    text = _render(name)
    assert WHERE in text and "mcp:down" in text


def test_text_formats_show_the_pointer_after_the_tool():
    assert _render("concise").splitlines()[:2] == [
        "mcp:down: SL000 [error] MCP server `down` (down-server): could not be started: nope",
        f'{WHERE}#/inputSchema/properties/kind/enum: SL307 [info] `enum` of `kind` has a single value, "bug": '
        "that is a `const`"]


def test_json_gives_no_line_and_the_fix_as_json_patch():
    record = next(r for r in json.loads(_render("json")) if r["code"] == "SL307")
    assert (record["file"], record["line"], record["pointer"]) == (WHERE, None, "/inputSchema/properties/kind/enum")
    assert record["fix"]["patch"] == [{"op": "remove", "path": "/inputSchema/properties/kind/enum"},
                                      {"op": "add", "path": "/inputSchema/properties/kind/const", "value": "bug"}]


def test_sarif_leaves_out_what_is_in_no_file_says_so_and_stays_valid():
    schema = json.loads((FIXTURES / "sarif-schema-2.1.0.json").read_text(encoding="utf-8"))
    log = json.loads(_render("sarif"))
    assert list(jsonschema.Draft7Validator(schema).iter_errors(log)) == []
    run = log["runs"][0]
    assert run["results"] == []  # code scanning refuses an upload with a result in no file
    (note,) = run["invocations"][0]["toolExecutionNotifications"]
    assert note["message"]["text"] == ("2 findings are not in this log: on tools in no file (mcp:down, "
                                       f"{WHERE}), which code scanning cannot place; --output-format concise or "
                                       "json lists them, and `schema-lint snapshot` writes the tools to a file to "
                                       "lint instead")


def test_rdjson_has_a_path_and_no_range_or_suggestion():
    records = json.loads(_render("rdjson"))["diagnostics"]
    assert [r["location"] for r in records] == [{"path": "mcp:down"}, {"path": WHERE}]
    assert all("suggestions" not in r for r in records)


def test_github_annotates_the_run_not_a_file():
    lines = _render("github").splitlines()
    assert lines[1].startswith("::notice title=SL307 single-value-enum::mcp:srv/create_ticket#/inputSchema/")


def test_gitlab_and_markdown_name_the_tool():
    issues = json.loads(_render("gitlab"))
    assert [i["location"]["path"] for i in issues] == ["mcp:down", WHERE]
    assert issues[1]["description"].endswith("(at /inputSchema/properties/kind/enum)")
    assert f"**`{WHERE}#/inputSchema/properties/kind/enum`** SL307" in _render("markdown")


def test_a_live_fix_is_not_counted_as_fixable_by_fix():
    result = lint_listing(TOOLS, config=Config(select=["SL307"]))
    from schema_lint.fixes.summary import FixSummary

    assert FixSummary.of(result.diagnostics, unsafe=True).lines() == []


@pytest.mark.parametrize("key, silenced", [("mcp:srv/create_ticket", True), ("mcp:srv/*", True), ("mcp:srv", True),
                                           ("mcp:srv/other_tool", False), ("mcp:other/*", False)])
def test_per_file_ignores_take_the_path_findings_show(key, silenced):
    """Findings print `mcp:srv/create_ticket`; a key copied from there silenced nothing, only
    the server's own `mcp:srv` did."""
    result = lint_listing(TOOLS, config=Config(select=["SL307"], per_file_ignores={key: ["SL307"]}))
    assert (result.diagnostics == []) is silenced
