"""Reports survive the names a hostile file can hold.

Control characters in tool, property and file names (ESC sequences, BEL, CR/LF, C1
controls, bidi overrides) never reach a text report raw, so none can clear a terminal
or forge a finding line; names that are not UTF-8 do not crash any format; a huge
name does not make a huge line.
"""

from __future__ import annotations

import json
import os
import re
import subprocess
import sys

import pytest
from hypothesis import given
from hypothesis import strategies as st

from schema_lint.config import Config
from schema_lint.text.display import clip, escape
from schema_lint.run.linter import Linter
from schema_lint.report import FORMATS, ReportOptions, render

pytestmark = pytest.mark.hostile

EVIL = "\x1b]0;owned\x07\x1b[2J\rx.json:1:1: SL000 [error] forged\n\x9b31m\u202egnp.exe\u2028\x00"
UNSAFE = re.compile("[\x00-\x09\x0b-\x1f\x7f-\x9f\u061c\u200e\u200f\u2028\u2029\u202a-\u202e\u2066-\u2069]")
# How each text format starts the line of one finding.
FINDING_LINE = {"concise": "{path}:", "full": "{path}:", "markdown": "**`{path}:", "github": "::"}


def _tool_file() -> str:
    tool = {"name": f"send_{EVIL}", "description": f"Send {EVIL}", "inputSchema": {
        "type": "object", "properties": {f"to{EVIL}": {"type": "string"}, "body": {"type": "string"}},
        "required": ["body", f"missing{EVIL}"]}}
    return json.dumps(tool, indent=2)


@pytest.fixture
def evil_run(tmp_path, monkeypatch):
    name = f"tools{EVIL.replace(chr(0), '')}.json".replace("/", "")
    (tmp_path / name).write_text(_tool_file(), encoding="utf-8")
    monkeypatch.chdir(tmp_path)
    return Linter(Config()).run(["."]), name


@pytest.mark.parametrize("format_name", list(FINDING_LINE))
def test_no_control_character_reaches_a_text_report(format_name, evil_run):
    result, name = evil_run
    assert any("missing" in d.message for d in result.diagnostics)
    text = render(format_name, result, ReportOptions())
    assert UNSAFE.search(text) is None, repr(UNSAFE.search(text))
    lines = text.splitlines()
    # Every finding is one line, and no line is a finding of its own making.
    start = FINDING_LINE[format_name].format(path=escape(name))
    assert len([line for line in lines if line.startswith(start)]) == len(result.diagnostics)
    assert not [line for line in lines if line.lstrip("*`").startswith("x.json")]


def test_the_full_format_underlines_the_escaped_text(tmp_path, monkeypatch):
    (tmp_path / "t.json").write_text('{"name": "get_\\u001b[2Jx", "description": "d", "inputSchema": '
                                     '{"type": "object", "properties": {"\u202eq": {"type": "string"}}}}')
    monkeypatch.chdir(tmp_path)
    result = Linter(Config(select=["SL301"])).run(["t.json"])
    lines = render("full", result, ReportOptions()).splitlines()
    source = next(line for line in lines if line.startswith("1 |"))
    carets = lines[lines.index(source) + 1]
    assert "\u202e" not in source and "\\u202eq" in source
    assert source[carets.index("^"):].startswith('{"type": "string"}')


def test_escape_and_clip():
    assert escape("a\x1b[31mb\r\n\t\u202e\udcff") == "a\\x1b[31mb\\r\\n\\t\\u202e\\xff"
    assert escape("plain \\ text é 😀") == "plain \\ text é 😀"
    assert clip("x" * 10, 20) == "x" * 10
    assert clip("x" * 1_000_000) == "x" * 80 + "…(1,000,000 characters)"


@given(st.text(alphabet=st.characters(exclude_categories=())) | st.text(alphabet=st.characters(max_codepoint=0xA0)))
def test_escape_escapes_exactly_what_the_unsafe_pattern_finds(text):
    """The printable-ASCII shortcut decides nothing the pattern would decide otherwise."""
    from schema_lint.text.display import _UNSAFE, _escaped

    assert escape(text) == _UNSAFE.sub(_escaped, text)


def test_a_megabyte_name_makes_no_megabyte_line(tmp_path, monkeypatch):
    name = "n" * 2**20
    tool = {"name": "get_it", "description": "d", "inputSchema": {
        "type": "object", "properties": {name: {}, "r": {"$ref": f"#/$defs/{name}"}}, "required": [name + "x"],
        name + "k": 1, "additionalProperties": False}}
    (tmp_path / "big.json").write_text(json.dumps(tool), encoding="utf-8")
    monkeypatch.chdir(tmp_path)
    result = Linter(Config()).run(["big.json"])
    assert {d.code for d in result.diagnostics} >= {"SL002", "SL004", "SL007"}
    for diagnostic in result.diagnostics:
        assert len(diagnostic.message) <= 1_000 + 40, (diagnostic.code, len(diagnostic.message))
    for format_name in FINDING_LINE:  # the machine formats keep the exact JSON pointer
        longest = max(map(len, render(format_name, result, ReportOptions()).splitlines()))
        assert longest < 20_000, (format_name, longest)


@pytest.fixture
def undecodable_name(tmp_path, monkeypatch):
    if sys.platform in ("darwin", "win32"):
        pytest.skip("the file system insists on Unicode names")
    raw = b"bad\xff.json"
    with open(os.path.join(os.fsencode(tmp_path), raw), "w", encoding="utf-8") as handle:
        handle.write(json.dumps({"name": "update_it", "description": "d",
                                 "inputSchema": {"type": "object", "properties": {"q": {"type": "string"}}}}))
    monkeypatch.chdir(tmp_path)
    return raw


@pytest.mark.parametrize("format_name", sorted(FORMATS))
def test_every_format_takes_a_file_name_that_is_not_utf8(format_name, undecodable_name):
    result = Linter(Config()).run(["."])
    assert result.diagnostics
    text = render(format_name, result, ReportOptions())
    text.encode("utf-8")  # strict: any UTF-8 stream takes it
    if format_name in ("json", "gitlab", "rdjson", "sarif"):
        json.loads(text)
    if format_name == "sarif":
        uris = {r["locations"][0]["physicalLocation"]["artifactLocation"]["uri"]
                for r in json.loads(text)["runs"][0]["results"]}
        assert uris == {"bad%FF.json"}
    if format_name == "gitlab":
        issues = json.loads(text)
        assert {os.fsencode(issue["location"]["path"]) for issue in issues} == {undecodable_name}
        assert len({issue["fingerprint"] for issue in issues}) == len(issues)


def test_the_command_prints_sarif_and_gitlab_for_such_a_file(undecodable_name):
    for format_name in ("sarif", "gitlab"):
        run = subprocess.run([sys.executable, "-m", "schema_lint", "check", "--output-format", format_name, "."],
                             capture_output=True, timeout=60)
        assert run.returncode == 1, run.stderr
        assert b"Traceback" not in run.stderr
        json.loads(run.stdout)
