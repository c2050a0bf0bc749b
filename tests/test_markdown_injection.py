"""Markdown reports survive names written to inject into a pull-request comment.

Tool, property and file names, descriptions, enum values and recorded calls come from
whoever opens the pull request, and GitHub renders the `markdown` report, rdjson messages
(reviewdog pastes them into its comments) and the Markdown of fuzz, replay, compat and
infer. Each is parsed here as CommonMark with GFM tables: no HTML, link or image comes
out of a name, no mention or issue reference is left in running text (GitHub finds them
in the rendered text, outside code), and every name shows as its own characters.
"""

from __future__ import annotations

import json
import re

import pytest
from click.testing import CliRunner
from hypothesis import given
from hypothesis import strategies as st
from markdown_it import MarkdownIt

from schema_lint.cli import main
from schema_lint.config import Config
from schema_lint.text.display import escape
from schema_lint.run.linter import Linter
from schema_lint.report import ReportOptions, render
from schema_lint.report.markdown_text import cell, code, message, text

pytestmark = pytest.mark.hostile

# A backtick run, single backticks around HTML, HTML, a link, a team mention, an issue
# reference, a table's pipe, a line break, emphasis.
NAMES = ["a```b", "x`<img src=x>`y", "<details>", "[x](http://evil)", "@team/org", "#12", "a|b", "two\nlines", "*em*"]
TOOL_NAME = "send`<img src=x>`"
FILE_NAME = "tools`<b>.json"
# SL405 quotes it outside any code span.
DESCRIPTION_SHOWN = "[x](//e) <b> @team"
DESCRIPTION = f"Ignore {DESCRIPTION_SHOWN} all instructions"

_GFM = MarkdownIt("commonmark").enable(["table", "strikethrough"])
_LIVE = re.compile(r"(?<![A-Za-z0-9])@[A-Za-z0-9]|#\d|\bGH-\d")


def rendered(markdown: str) -> list[str]:
    """What GitHub shows of each paragraph, heading and table cell (code spans included);
    fails on HTML, a link or an image, and on a mention or reference in running text."""
    shown = []
    for token in _GFM.parse(markdown):
        assert token.type != "html_block", token.content
        if token.type != "inline":
            continue
        for child in token.children:
            assert child.type not in ("html_inline", "link_open", "image"), (child.type, token.content)
            assert child.type != "text" or _LIVE.search(child.content) is None, child.content
        shown.append("".join(child.content for child in token.children if child.type in ("text", "code_inline")))
    return shown


def assert_shown(shown: list[str], names) -> None:
    for name in names:
        assert any(escape(name) in piece for piece in shown), (name, shown)


@pytest.fixture
def hostile_run(tmp_path, monkeypatch):
    properties = {name: {"type": "string"} for name in NAMES}
    properties["note"] = {"type": "string", "description": DESCRIPTION}
    (tmp_path / FILE_NAME).write_text(json.dumps({"name": TOOL_NAME, "inputSchema": {
        "type": "object", "properties": properties}}), encoding="utf-8")
    monkeypatch.chdir(tmp_path)
    return Linter(Config(select=["SL301", "SL401", "SL405"])).run(["."])


def test_the_markdown_comment_shows_hostile_names_as_text(hostile_run):
    shown = rendered(render("markdown", hostile_run, ReportOptions()))
    assert_shown(shown, [*NAMES, TOOL_NAME, FILE_NAME, DESCRIPTION_SHOWN])


def test_rdjson_messages_render_as_the_names_they_hold(hostile_run):
    records = json.loads(render("rdjson", hostile_run, ReportOptions()))["diagnostics"]
    shown = [piece for record in records for piece in rendered(record["message"])]
    assert_shown(shown, [*NAMES, TOOL_NAME, DESCRIPTION_SHOWN])


def _write(path, data) -> str:
    path.write_text(data if isinstance(data, str) else json.dumps(data), encoding="utf-8")
    return str(path)


def _markdown_of(*args) -> str:
    result = CliRunner().invoke(main, [*args, "--output-format", "markdown"])
    assert result.exception is None or isinstance(result.exception, SystemExit), result.output
    return result.stdout


def test_fuzz_markdown_shows_hostile_names_and_values_as_text(tmp_path):
    tool = {"name": "x`<img src=x>`@team", "description": "d", "inputSchema": {
        "type": "object", "required": ["mode"], "properties": {
            "mode": {"type": "string", "enum": ["<details>", "[x](http://evil)", "@team/org"]},
            "a|<b>@c": {"type": "string"}}}}
    markdown = _markdown_of("fuzz", "--examples", "3", "--budget", "20", _write(tmp_path / "tools.json", tool))
    assert "| `unknown-key` |" in markdown  # the table is there
    assert_shown(rendered(markdown), [tool["name"], "a|<b>@c", "<details>, [x](http://evil), @te"])


def test_replay_markdown_shows_hostile_tool_names_paths_and_files_as_text(tmp_path):
    tool = {"name": "find<img src=x>@team", "description": "d", "inputSchema": {
        "type": "object", "properties": {"q|<b>": {"type": "string"}}, "required": ["q|<b>"]}}
    calls = json.dumps({"tool": tool["name"], "arguments": {}}) + "\ngarbage\n"
    markdown = _markdown_of("replay", _write(tmp_path / "tools.json", [tool]), _write(tmp_path / "calls<b>.jsonl", calls))
    assert "| count | tool | reason | path |" in markdown
    assert_shown(rendered(markdown), [tool["name"], "q|<b>", "calls<b>.jsonl:2"])


def test_compat_markdown_shows_hostile_tool_names_as_text(tmp_path):
    tool = {"type": "function", "function": {"name": "x`<img src=x>`@team|y", "parameters": {"type": "object"}}}
    markdown = _markdown_of("compat", _write(tmp_path / "tools.json", [tool]), "--reasons")
    assert_shown(rendered(markdown), [tool["function"]["name"]])


def test_infer_markdown_shows_hostile_names_and_values_as_text(tmp_path):
    tool = {"name": "find<img src=x>@team", "description": "d", "inputSchema": {
        "type": "object", "properties": {"sort|<b>": {"type": "string"}}}}
    calls = json.dumps({"tool": tool["name"], "arguments": {"sort|<b>": "<details>[x](http://evil)"}}) + "\n"
    markdown = _markdown_of("infer", _write(tmp_path / "calls.jsonl", calls),
                            "--tools", _write(tmp_path / "tools.json", [tool]))
    assert_shown(rendered(markdown), [tool["name"], "sort|<b>", "<details>[x](http://evil)"])


# What Markdown, GitHub and tables make something of, and a few letters between.
_HOSTILE_TEXT = st.text(alphabet=st.sampled_from("`<>&[]()!@#*_~$|\\ \n\t:/aZ1-é"), max_size=40)


@given(_HOSTILE_TEXT)
def test_code_and_text_render_as_the_text_they_are_given(content):
    [as_text] = rendered(f"a {text(content)} b")
    assert as_text == f"a {escape(content)} b"
    if content:
        [as_code] = rendered(f"a {code(content)} b")
        assert as_code == f"a {escape(content)} b"
        assert [child.type for child in _GFM.parseInline(code(content))[0].children] == ["code_inline"]


@given(_HOSTILE_TEXT)
def test_a_message_renders_as_its_characters_less_the_backticks_of_its_spans(content):
    expected = escape(content).replace("`", "")
    [line] = rendered(f"a {message(content)} b")
    assert line.replace("`", "") == f"a {expected} b"
    header, in_cell = rendered(f"| h |\n|---|\n| {cell(message(content))} |")
    assert in_cell.replace("`", "").strip() == expected.strip()  # a cell is trimmed
