"""Fixes in a file whose text is not edited (JSONC, a YAML stream of several documents, a
file with parse errors): shown as JSON Patch, never counted or marked fixable, never written."""

from __future__ import annotations

import json
import os

import pytest
from click.testing import CliRunner

from conftest import documented
from schema_lint.cli import main
from schema_lint.run.linter import Linter

JSONC = """\
// The weather desk's tools.
{
  "name": "get_weather",
  "description": "Get the weather for a city.",
  "input_schema": {
    "type": "object",
    "properties": {
      "city": {"type": "string", "description": "The city.", "enum": ["Paris", "Rome", "Paris"]}, // for now
      "units": {"type": "str", "description": "Units."},
    },
    "required": ["city"],
  }
}
"""
STREAM = """\
name: get_weather
description: Get the weather for a city.
input_schema:
  type: object
  properties:
    city: {type: string, description: The city., enum: [Paris, Rome, Paris]}
    units: {type: str, description: Units.}
  required: [city]
---
name: get_time
description: Get the time in a city.
input_schema:
  type: object
  properties:
    city: {type: string, description: The city., enum: [Paris, Paris]}
  required: [city]
"""
BROKEN_LINES = json.dumps({"name": "get_weather", "description": "Get the weather for a city.", "input_schema": {
    "type": "object", "properties": {"city": {"type": "string", "description": "The city.",
                                               "enum": ["Paris", "Rome", "Paris"]}},
    "required": ["city"]}}) + "\n{broken\n"
PLAIN = json.dumps({"name": "get_time", "description": "Get the time in a city.", "input_schema": {
    "type": "object", "properties": {"city": {"type": "string", "description": "The city.", "enum": ["Paris", "Paris"]}},
    "required": ["city"]}}, indent=2) + "\n"

# name → (text, why it is not edited, the safe fixes it holds, the exit code of a check)
CASES = {
    "tools.jsonc": (JSONC, "JSON with comments (JSONC) is not edited", 1, 1),
    "tools.yaml": (STREAM, "a YAML stream of several documents is not edited", 2, 1),
    "tools.jsonl": (BROKEN_LINES, "a file with parse errors is not edited", 1, 2),
}
FIRST_FIX = {
    "tools.jsonc": '# tools.jsonc:8:70: SL011 drop the repeats (safe)\n'
                   '[{"op": "replace", "path": "/input_schema/properties/city/enum", "value": ["Paris", "Rome"]}]\n',
    "tools.yaml": '# tools.yaml:6:56: SL011 drop the repeats (safe)\n'
                  '[{"op": "replace", "path": "/0/input_schema/properties/city/enum", "value": ["Paris", "Rome"]}]\n',
    "tools.jsonl": '# tools.jsonl:1:184: SL011 drop the repeats (safe)\n'
                   '[{"op": "replace", "path": "/0/input_schema/properties/city/enum", "value": ["Paris", "Rome"]}]\n',
}
SELECT = ["--select", "SL005,SL011"]


def check(*args):
    return CliRunner().invoke(main, ["check", *SELECT, *args], catch_exceptions=False)


@pytest.fixture(params=sorted(CASES))
def unedited(request, tmp_path, monkeypatch):
    """A file whose text is not edited, in the current folder: (its name, why, how many
    safe fixes it holds, the exit code of a check)."""
    monkeypatch.chdir(tmp_path)
    text, why, fixes, code = CASES[request.param]
    (tmp_path / request.param).write_text(text, encoding="utf-8")
    return request.param, why, fixes, code


def _note(name: str, why: str, fixes: int) -> str:
    counted, them = ("1 fix", "it") if fixes == 1 else (f"{fixes} fixes", "them")
    return f"{name}: {counted} not applied: {why}; apply {them} by hand (`--diff` prints {them} as JSON Patch)\n"


def test_check_marks_and_counts_no_fix_as_fixable(unedited):
    name, _, _, code = unedited
    result = check("--output-format", "concise", name)
    assert result.exit_code == code
    assert "SL011 [warning]" in result.output and "[*]" not in result.output
    assert "fixable" not in result.output and "No fixes available" not in result.output
    unsafe = check("--unsafe-fixes", name)
    assert "[*]" not in unsafe.output and "fixable" not in unsafe.output
    statistics = check("--statistics", name)
    assert "[*]" not in statistics.output


def test_diff_prints_the_fixes_as_json_patch_and_would_fix_nothing(unedited):
    name, why, fixes, code = unedited
    result = check("--diff", name)
    assert result.stdout.startswith(FIRST_FIX[name])
    assert result.stdout.count("# ") == fixes and "---" not in result.stdout
    summary = _note(name, why, fixes) + "No fixes to apply.\n"
    if code == 2:  # a line of it is not read: stderr names it after the summary
        assert result.stderr.startswith(summary) and f"{name}:" in result.stderr[len(summary):]
        assert all(" SL000 [error] " in line for line in result.stderr[len(summary):].splitlines())
    else:
        assert result.stderr == summary
    assert result.exit_code == (2 if code == 2 else 0)  # nothing `--fix` would change


def test_fix_leaves_the_file_as_it_was_and_says_why(unedited):
    name, why, fixes, code = unedited
    before = os.stat(name)
    result = check("--fix", name)
    after = os.stat(name)
    assert open(name, encoding="utf-8").read() == CASES[name][0]
    assert (after.st_mtime_ns, after.st_ino) == (before.st_mtime_ns, before.st_ino)
    assert result.stderr == _note(name, why, fixes)
    assert "fixed" not in result.stdout and "fixable" not in result.stdout and "[*]" not in result.stdout
    assert result.exit_code == code  # the findings remain


def test_a_run_over_both_kinds_counts_only_the_fix_it_can_apply(tmp_path, monkeypatch):
    monkeypatch.chdir(tmp_path)
    (tmp_path / "tools.jsonc").write_text(JSONC, encoding="utf-8")
    (tmp_path / "time.json").write_text(PLAIN, encoding="utf-8")
    assert "[*] 1 fixable with the `--fix` option." in check(".").output
    diff = check("--diff", ".")
    assert diff.exit_code == 1 and "Would fix 1 finding." in diff.stderr
    assert "+++ time.json" in diff.stdout and "# tools.jsonc:8:70: SL011" in diff.stdout
    fixed = check("--fix", ".")
    assert "Found 3 findings (1 fixed, 2 remaining)." in fixed.stdout and "fixable" not in fixed.stdout
    assert open("tools.jsonc", encoding="utf-8").read() == JSONC and open("time.json").read() != PLAIN


def test_reports_show_the_fix_with_why_it_is_not_applied(unedited):
    name, why, _, _ = unedited
    findings = json.loads(check("--output-format", "json", name).stdout)
    fix = next(f["fix"] for f in findings if f["code"] == "SL011")
    assert fix["edits"] == [] and fix["note"] == f"fix could not be applied: {why}; apply it by hand"
    assert fix["patch"] == [json.loads(FIRST_FIX[name].splitlines()[1])[0]]
    full = check("--output-format", "full", name).output
    assert f"help: drop the repeats [fix could not be applied: {why}; apply it by hand]" in full


def test_a_run_the_cache_answers_does_not_call_the_fix_fixable_either(tmp_path, monkeypatch, tmp_path_factory):
    monkeypatch.delenv("SCHEMA_LINT_NO_CACHE", raising=False)
    monkeypatch.setenv("SCHEMA_LINT_CACHE_DIR", str(tmp_path_factory.mktemp("cache")))
    monkeypatch.chdir(tmp_path)
    (tmp_path / "tools.jsonc").write_text(JSONC, encoding="utf-8")
    first = check("tools.jsonc")
    linted = []
    monkeypatch.setattr(Linter, "lint_document", lambda self, doc, result, only=None: linted.append(doc))
    second = check("tools.jsonc")
    assert linted == []  # the findings came from the cache
    assert second.output == first.output and "[*]" not in second.output and "fixable" not in second.output


def test_the_fixes_page_quotes_what_fix_says(tmp_path, monkeypatch):
    page = " ".join(documented("**Never a file whose text is not edited.**").split("\n- ", 1)[0].split())
    monkeypatch.chdir(tmp_path)
    (tmp_path / "tools.jsonc").write_text(JSONC, encoding="utf-8")
    said = check("--select", "SL011", "--fix", "tools.jsonc").stderr.strip()
    assert f"(``{said}``)" in page
