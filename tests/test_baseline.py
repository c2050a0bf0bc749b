"""`--write-baseline` / `--baseline`: accept today's findings and fail only on new ones."""

from __future__ import annotations

import hashlib
import json

import pytest
from click.testing import CliRunner

from schema_lint.cli import main
from schema_lint.run.baseline import BaselineError, parse

OPEN = {"name": "update_docs", "description": "Update.", "inputSchema": {
    "type": "object", "properties": {"q": {"type": "string", "description": "Query."}}}}


@pytest.fixture
def repo(tmp_path, monkeypatch):
    monkeypatch.chdir(tmp_path)
    (tmp_path / "tools.json").write_text(json.dumps(OPEN, indent=2))
    return tmp_path


def _check(*args):
    return CliRunner().invoke(main, ["check", "--output-format", "concise", *args])


def test_a_baseline_hides_todays_findings_and_shows_new_ones(repo):
    assert _check("tools.json").exit_code == 1
    written = _check("--write-baseline", "baseline.json", "tools.json")
    assert written.exit_code == 0 and "Recorded" in written.output
    quiet = _check("--baseline", "baseline.json", "tools.json")
    assert quiet.exit_code == 0 and "in the baseline not reported" in quiet.output
    (repo / "more.json").write_text(json.dumps({**OPEN, "name": "create_doc"}))
    noisy = _check("--baseline", "baseline.json", "tools.json", "more.json")
    assert noisy.exit_code == 1 and "more.json" in noisy.output and "tools.json:" not in noisy.output


def test_entries_survive_moved_lines_and_stale_ones_are_counted(repo):
    _check("--write-baseline", "baseline.json", "tools.json")
    (repo / "tools.json").write_text("\n\n" + json.dumps(OPEN, indent=4))  # same findings, other lines
    assert _check("--baseline", "baseline.json", "--baseline-strict", "tools.json").exit_code == 0
    fixed = {**OPEN, "inputSchema": {**OPEN["inputSchema"], "additionalProperties": False}}
    (repo / "tools.json").write_text(json.dumps(fixed, indent=2))
    result = _check("--baseline", "baseline.json", "--baseline-strict", "tools.json")
    assert "no longer found (fixed)" in result.output and result.exit_code == 1
    assert _check("--baseline", "baseline.json", "tools.json").exit_code == 0


def test_baseline_strict_without_a_baseline_is_a_usage_error_not_a_pass(repo):
    """With no baseline there is nothing to be stale: the flag passed every run."""
    result = _check("--baseline-strict", "tools.json")
    assert result.exit_code == 2 and "--baseline-strict needs a baseline" in result.output
    _check("--write-baseline", "baseline.json", "tools.json")
    (repo / ".schema-lint.toml").write_text('baseline = "baseline.json"\n')
    assert _check("--baseline-strict", "tools.json").exit_code == 0  # the configured one is a baseline


def test_the_baseline_is_read_from_the_configuration_and_a_bad_one_is_exit_2(repo):
    _check("--write-baseline", "baseline.json", "tools.json")
    (repo / ".schema-lint.toml").write_text('baseline = "baseline.json"\n')
    assert _check("tools.json").exit_code == 0
    (repo / "baseline.json").write_text("not json")
    result = _check("tools.json")
    assert result.exit_code == 2 and "not a schema-lint baseline" in result.output


def test_the_configured_baselines_paths_are_relative_to_the_configuration(repo, monkeypatch):
    """As the configuration's other paths: run from a subfolder, or written from one, the
    baseline the configuration names holds and matches the same entries."""
    (repo / "tools").mkdir()
    (repo / "tools.json").rename(repo / "tools" / "a.json")
    (repo / "top.json").write_text(json.dumps({**OPEN, "name": "create_doc"}))
    (repo / ".schema-lint.toml").write_text('baseline = "baseline.json"\n')
    assert _check("--write-baseline", "baseline.json", ".").exit_code == 0
    monkeypatch.chdir(repo / "tools")
    assert _check("--write-baseline", "../baseline.json", ".").exit_code == 0  # keeps top.json's entries
    paths = {entry["path"] for entry in json.loads((repo / "baseline.json").read_text())["findings"]}
    assert paths == {"tools/a.json", "top.json"}
    for folder in (repo, repo / "tools"):
        monkeypatch.chdir(folder)
        result = _check(".")
        assert result.exit_code == 0 and "not found from here" not in result.output


def test_a_baseline_that_cannot_be_written_is_exit_2_without_a_traceback(repo):
    result = _check("--write-baseline", str(repo / "missing-dir" / "baseline.json"), "tools.json")
    assert result.exit_code == 2 and "cannot write" in result.output
    assert isinstance(result.exception, SystemExit)  # an exit, not a crash


def test_a_baseline_used_from_another_folder_says_its_paths_do_not_match(repo, monkeypatch):
    _check("--write-baseline", "baseline.json", "tools.json")
    (repo / "sub").mkdir()
    monkeypatch.chdir(repo / "sub")
    result = _check("--baseline", "../baseline.json", "../tools.json")
    assert "not found from here" in result.output and "(fixed)" not in result.output
    monkeypatch.chdir(repo)
    fixed = {**OPEN, "inputSchema": {**OPEN["inputSchema"], "additionalProperties": False}}
    (repo / "tools.json").write_text(json.dumps(fixed, indent=2))
    assert "not found from here" not in _check("--baseline", "baseline.json", "tools.json").output


def _two_files(repo):
    (repo / "other.json").write_text(json.dumps({**OPEN, "name": "update_pages"}, indent=2))
    assert _check("--write-baseline", "baseline.json", "tools.json", "other.json").exit_code == 0
    return json.loads((repo / "baseline.json").read_text())["findings"]


def test_a_run_over_some_files_leaves_the_other_files_entries_alone(repo):
    recorded = _two_files(repo)
    # pre-commit passes the staged files only: the other file's entries are not stale
    result = _check("--baseline", "baseline.json", "--baseline-strict", "tools.json")
    assert result.exit_code == 0 and "no longer found" not in result.output
    rewritten = _check("--write-baseline", "baseline.json", "tools.json")
    assert "kept 2 entries of files this run did not lint" in rewritten.output
    assert json.loads((repo / "baseline.json").read_text())["findings"] == recorded
    assert _check("--baseline", "baseline.json", "--baseline-strict", ".").exit_code == 0


def test_a_deleted_files_entries_are_stale_and_not_kept(repo):
    _two_files(repo)
    (repo / "other.json").unlink()
    result = _check("--baseline", "baseline.json", "--baseline-strict", "tools.json")
    assert "2 baseline entries name a file not found from here" in result.output and result.exit_code == 1
    assert "kept" not in _check("--write-baseline", "baseline.json", "tools.json").output
    assert {e["path"] for e in json.loads((repo / "baseline.json").read_text())["findings"]} == {"tools.json"}


def test_counts_and_names_in_a_message_do_not_make_a_finding_new(repo):
    (repo / ".schema-lint.toml").write_text("prompt-budget = {tool = 10}\n")
    assert "SL404" in _check("tools.json").output
    _check("--write-baseline", "baseline.json", "tools.json")
    (repo / "tools.json").write_text(json.dumps({**OPEN, "description": "Update the documents."}, indent=2))
    result = _check("--baseline", "baseline.json", "--baseline-strict", "tools.json")
    assert result.exit_code == 0 and "SL404" not in result.output


def test_a_baseline_of_the_first_version_is_still_matched(repo):
    _check("--write-baseline", "baseline.json", "tools.json")
    found = CliRunner().invoke(main, ["check", "--output-format", "json", "tools.json"]).output
    body = {"version": 1, "findings": [
        {"path": "tools.json", "tool": d["tool"], "code": d["code"], "pointer": d["pointer"],
         "fingerprint": hashlib.sha256(f"{d['code']}\0{d['message']}".encode()).hexdigest()[:16]}
        for d in json.loads(found)]}
    (repo / "baseline.json").write_text(json.dumps(body))
    result = _check("--baseline", "baseline.json", "--baseline-strict", "tools.json")
    assert result.exit_code == 0 and f"{len(body['findings'])} findings in the baseline not reported" in result.output
    # Rewritten over another file only, it keeps these entries as written, and they still match.
    (repo / "other.json").write_text(json.dumps({**OPEN, "name": "update_pages"}, indent=2))
    assert "kept 2 entries" in _check("--write-baseline", "baseline.json", "other.json").output
    assert _check("--baseline", "baseline.json", "--baseline-strict", ".").exit_code == 0


def test_writing_a_baseline_names_the_files_it_could_not_read(repo):
    (repo / "broken.json").write_text('{"name": "x",, }')
    result = _check("--write-baseline", "baseline.json", ".")
    assert result.exit_code == 2 and "broken.json:1:" in result.output and "SL000" in result.output


@pytest.mark.parametrize(("text", "said"), [
    ("null", "tools.json: not a schema-lint baseline (no `findings` list)"),
    ('{"findings": [1]}', "(finding 1 is no object)"),
    ('{"findings": [{"path": [], "tool": "t", "code": "SL101", "pointer": "", "fingerprint": "f"}]}',
     "(the `path` of finding 1 is no text)"),
    ('{"findings": [{"path": "a.json"}]}', "(finding 1 has no `tool`)"),
    ('{"version": 9, "findings": []}', "(version 9; this schema-lint reads 1 and 2)"),
    ('{"findings": [', "tools.json:1:15: not a schema-lint baseline (invalid JSON: Expecting value)"),
])
def test_a_broken_baseline_says_what_is_wrong_in_the_file_s_own_terms(text, said):
    """Not Python's words for it ("'NoneType' object is not subscriptable", "unhashable type")."""
    with pytest.raises(BaselineError) as raised:
        parse("tools.json", text.encode())
    assert said in str(raised.value)
