"""`check --fix / --unsafe-fixes / --diff / --show-fixes` as a user runs them."""

from __future__ import annotations

import codecs

import json
import os
import stat
import subprocess

import pytest
from click.testing import CliRunner

from schema_lint.cli import main
from schema_lint.fixes.plan import plan_fixes
from schema_lint.model import Diagnostic, Fix, FixSafety, Operation, Severity
from schema_lint.sources.documents import read_document

TOOL = {
    "name": "create_ticket", "description": "Create a ticket.",
    "inputSchema": {"type": "object", "properties": {
        "title": {"type": "string", "description": "The required title, at most 200 characters."},
        "kind": {"type": "string", "enum": ["bug"], "description": "Kind"},
    }},
}
SELECT = ["--select", "SL101,SL301,SL307"]


def _run(*args, input=None):
    return CliRunner().invoke(main, ["check", *SELECT, *args], input=input, catch_exceptions=False)


@pytest.fixture
def tool_file(tmp_path):
    path = tmp_path / "tool.json"
    path.write_text(json.dumps(TOOL, indent=2) + "\n", encoding="utf-8")
    return path


def test_fix_applies_safe_fixes_only_and_reports_what_remains(tool_file):
    result = _run("--fix", str(tool_file))
    data = json.loads(tool_file.read_text())
    assert data["inputSchema"]["properties"]["kind"] == {"type": "string", "description": "Kind", "const": "bug"}
    assert "required" not in data["inputSchema"]
    assert "SL307" not in result.output and "SL101" in result.output
    assert "Found 3 findings (1 fixed, 2 remaining)." in result.output
    assert "No fixes available (2 hidden fixes can be enabled with the `--unsafe-fixes` option)." in result.output
    assert result.exit_code == 1


def test_unsafe_fixes_alone_writes_nothing_but_counts_them_as_fixable(tool_file):
    before = tool_file.read_bytes()
    result = _run("--unsafe-fixes", str(tool_file))
    assert tool_file.read_bytes() == before
    assert "[*] 3 fixable with the `--fix` option." in result.output


def test_second_fix_run_writes_nothing(tool_file):
    _run("--fix", "--unsafe-fixes", str(tool_file))
    fixed = tool_file.read_bytes()
    os.utime(tool_file, (1_000_000, 1_000_000))
    inode = tool_file.stat().st_ino
    result = _run("--fix", "--unsafe-fixes", str(tool_file))
    assert tool_file.read_bytes() == fixed
    assert tool_file.stat().st_mtime == 1_000_000 and tool_file.stat().st_ino == inode
    assert "All checks passed" in result.output and result.exit_code == 0


def test_after_unsafe_fixes_check_finds_none_of_the_fixed_findings(tool_file):
    _run("--unsafe-fixes", "--fix", str(tool_file))
    result = _run("--output-format", "json", str(tool_file))
    assert json.loads(result.output) == []


def test_write_keeps_the_mode_and_leaves_no_temporary_file(tool_file):
    os.chmod(tool_file, 0o640)
    _run("--fix", str(tool_file))
    assert stat.S_IMODE(tool_file.stat().st_mode) == 0o640
    assert sorted(p.name for p in tool_file.parent.iterdir()) == ["tool.json"]


def test_fix_keeps_a_byte_order_mark(tmp_path):
    path = tmp_path / "tool.json"
    path.write_bytes(b"\xef\xbb\xbf" + json.dumps(TOOL, indent=2).encode())
    _run("--fix", str(path))
    assert path.read_bytes().startswith(b"\xef\xbb\xbf{") and b'"const": "bug"' in path.read_bytes()


def test_diff_prints_a_unified_diff_writes_nothing_and_exits_1(tool_file):
    before = tool_file.read_bytes()
    result = CliRunner().invoke(main, ["check", *SELECT, "--diff", str(tool_file)])
    assert tool_file.read_bytes() == before
    assert result.exit_code == 1
    assert result.stdout.startswith(f"--- {tool_file}\n+++ {tool_file}\n@@ ")
    assert '-        "enum": [\n' in result.stdout and '+        "const": "bug"\n' in result.stdout
    assert "Would fix 1 finding." in result.stderr
    unsafe = CliRunner().invoke(main, ["check", *SELECT, "--diff", "--unsafe-fixes", str(tool_file)])
    assert '+        "maxLength": 200\n' in unsafe.stdout


def test_diff_with_exit_zero_exits_0_and_still_prints_the_diff(tool_file):
    result = CliRunner().invoke(main, ["check", *SELECT, "--diff", "--exit-zero", str(tool_file)])
    assert result.exit_code == 0 and '+        "const": "bug"\n' in result.stdout  # as ruff


def test_diff_exits_0_when_there_is_nothing_to_fix(tmp_path):
    path = tmp_path / "tool.json"
    path.write_text(json.dumps({**TOOL, "inputSchema": {"type": "object", "properties": {}}}))
    result = _run("--diff", str(path))
    assert result.exit_code == 0 and result.stdout == ""


def test_diff_says_what_suggestions_it_leaves_out(tmp_path):
    """"No fixes to apply." above a finding with a suggested change left a newcomer wondering where
    the change went: a suggestion is never applied, and `--diff` says how many it left."""
    path = tmp_path / "tool.json"
    path.write_text(json.dumps({**TOOL, "inputSchema": {"type": "object", "properties": {"sep": {
        "type": "string", "description": "The separator: one of ',', ';', '\\t' or '|'."}}, "required": ["sep"]}}))
    result = CliRunner().invoke(main, ["check", "--select", "SL403", "--diff", "--unsafe-fixes", str(path)])
    assert result.exit_code == 0 and result.stdout == ""
    assert result.stderr.splitlines() == ["No fixes to apply.", "1 suggestion left for review: `--fix` never applies it "
                                          "(`check --output-format full`, without `--fix` or `--diff`, shows each with its evidence)"]


def test_show_fixes_lists_fixes_per_file_and_rule(tool_file):
    result = CliRunner().invoke(main, ["check", *SELECT, "--fix", "--unsafe-fixes", "--show-fixes", str(tool_file)])
    assert f"Fixed 3 findings:\n- {tool_file}:\n" in result.stderr
    assert "    1 × SL307 (single-value-enum)\n" in result.stderr


def test_exit_non_zero_on_fix_fails_only_the_run_that_changed_a_file(tool_file):
    args = ("--fix", "--exit-non-zero-on-fix", "--fail-on", "never", str(tool_file))
    assert _run(*args).exit_code == 1
    assert _run(*args).exit_code == 0


def test_fix_from_stdin_prints_the_fixed_text_and_reports_on_stderr():
    text = json.dumps(TOOL, indent=2) + "\n"
    result = CliRunner().invoke(main, ["check", *SELECT, "--fix", "--stdin-filename", "tool.json", "-"], input=text)
    assert json.loads(result.stdout)["inputSchema"]["properties"]["kind"]["const"] == "bug"
    assert "1 fixed" in result.stderr


@pytest.mark.parametrize("fixable", [True, False])
def test_fix_from_stdin_keeps_a_byte_order_mark(fixable):
    """An editor pipes the buffer through `--fix` and replaces it with what comes back: a
    mark it sent must come back, fixed or not."""
    tool = TOOL if fixable else {**TOOL, "inputSchema": {**TOOL["inputSchema"], "properties": {"kind": {"type": "string"}}}}
    raw = codecs.BOM_UTF8 + (json.dumps(tool, indent=2) + "\n").encode()
    result = CliRunner().invoke(main, ["check", *SELECT, "--fix", "--stdin-filename", "tool.json", "-"], input=raw)
    assert result.stdout_bytes.startswith(codecs.BOM_UTF8) and not result.stdout_bytes.startswith(codecs.BOM_UTF8 * 2)
    fixed = json.loads(result.stdout_bytes[len(codecs.BOM_UTF8):])
    assert ("const" in fixed["inputSchema"]["properties"]["kind"]) is fixable


def test_overlapping_fixes_are_settled_in_a_later_pass_of_the_same_run(tmp_path):
    # SL004 renames `maxlength` to `maxLength` and SL301 adds a `maxLength`: both write
    # the same node, so the first by position is applied, and the re-lint of the fixed
    # text in the same run decides about the other: one run reaches the fixed point.
    path = tmp_path / "tool.json"
    code = {"type": "string", "maxlength": 5, "description": "At most 5 characters."}
    path.write_text(json.dumps({**TOOL, "inputSchema": {"type": "object", "properties": {"code": code}}}, indent=2))
    args = ["check", "--select", "SL004,SL301", "--fix", "--unsafe-fixes", str(path)]
    result = CliRunner().invoke(main, args)
    assert "overlapped" not in result.output
    assert json.loads(path.read_text())["inputSchema"]["properties"]["code"]["maxLength"] == 5
    once = path.read_bytes()
    assert "fixed" not in CliRunner().invoke(main, args).output and path.read_bytes() == once


def test_a_fix_that_makes_another_fixable_finding_is_followed_in_the_same_run(tmp_path):
    # SL005 turns BFCL's `dict` into `object`, which SL307 and SL101 only then see as an object's member.
    path = tmp_path / "tool.json"
    schema = {"type": "dict", "properties": {"kind": {"type": "string", "enum": ["bug"], "description": "Kind"}}}
    path.write_text(json.dumps({**TOOL, "inputSchema": schema}, indent=2))
    _run("--fix", str(path))
    once = path.read_bytes()
    _run("--fix", str(path))
    assert path.read_bytes() == once


def test_later_passes_lint_again_only_the_tools_the_fixes_changed(tmp_path, monkeypatch):
    """Each pass linted the whole file: on 20,000 tools, a few late fixes made --fix take minutes."""
    from schema_lint.rules import sl101_missing_required

    linted: list[str] = []
    check = sl101_missing_required.check  # read by each run as it loads the rules
    monkeypatch.setattr(sl101_missing_required, "check", lambda ctx: (linted.append(ctx.tool.name), check(ctx))[1])
    # SL005 turns `dict` into `object`, which SL307 and SL101 only then see as an object's member.
    chain = {"type": "dict", "properties": {"kind": {"type": "string", "enum": ["bug"], "description": "Kind"}}}
    plain = {"type": "object", "properties": {"q": {"type": "string", "description": "Query."}}}
    tools = [{"name": "chained", "description": "Open.", "inputSchema": chain},
             *({"name": f"plain_{n}", "description": "Find.", "inputSchema": plain} for n in range(5))]
    path = tmp_path / "tools.json"
    path.write_text(json.dumps({"tools": tools}, indent=2))
    _run("--fix", str(path))
    once = path.read_bytes()
    assert linted.count("chained") == 3  # the first lint, the pass after the fixes, the lint of the file written
    assert linted.count("plain_0") == 2  # the first lint, and the lint of the file written
    _run("--fix", str(path))
    assert path.read_bytes() == once


def test_broken_file_is_not_fixed_and_exits_2(tmp_path):
    path = tmp_path / "tool.json"
    path.write_text('{"name": "x", "inputSchema": {')
    result = _run("--fix", "--unsafe-fixes", str(path))
    assert result.exit_code == 2 and path.read_text() == '{"name": "x", "inputSchema": {'
    assert f"{path}:1:" in result.output


def test_unchanged_files_are_not_rewritten(tmp_path, tool_file):
    clean = tmp_path / "clean.json"
    clean.write_text(json.dumps({**TOOL, "inputSchema": {"type": "object", "properties": {}, "required": [],
                                                         "additionalProperties": False}}))
    os.utime(clean, (1_000_000, 1_000_000))
    _run("--fix", "--unsafe-fixes", str(tmp_path))
    assert clean.stat().st_mtime == 1_000_000


def test_a_fix_that_cannot_be_applied_gets_a_note_and_nothing_is_written(tmp_path):
    path = tmp_path / "tool.json"
    path.write_text(json.dumps(TOOL, indent=2))
    doc = read_document(str(path))
    bad = Fix("add under a missing node", FixSafety.SAFE, (Operation("add", "/inputSchema/nowhere/x", 1),))
    finding = Diagnostic("SL999", "test", Severity.ERROR, "m", str(path), "/inputSchema", fix=bad)
    plan = plan_fixes(doc, [finding])
    assert plan.text == doc.text and [failed.original for failed in plan.failed] == [finding]
    assert plan.failed[0].diagnostic.fix_note.startswith("fix could not be applied: ")
    assert finding.fix_note is None  # the finding as linted stays as it was


def test_a_fix_in_an_object_that_writes_a_key_twice_names_the_key(tmp_path):
    """"does not parse to the intended document" left the user to find the repeated key."""
    path = tmp_path / "tool.json"
    path.write_text('{"name": "create_ticket", "description": "Create.", "inputSchema": {"type": "object", '
                    '"properties": {"title": {"type": "string", "description": "Title, at most 80 characters.", '
                    '"description": "Title, at most 80 characters."}}}}\n')
    before = path.read_text()
    result = CliRunner().invoke(main, ["check", "--select", "SL301", "--unsafe-fixes", "--fix", str(path)])
    assert "(/inputSchema/properties/title) writes the key `description` twice (SL006): remove one" in result.output
    assert path.read_text() == before


def test_diff_applies_with_git_apply_to_give_what_fix_writes(tool_file, monkeypatch):
    monkeypatch.chdir(tool_file.parent)
    diff = CliRunner().invoke(main, ["check", *SELECT, "--diff", "--unsafe-fixes", "tool.json"]).stdout
    (tool_file.parent / "fix.patch").write_text(diff)
    subprocess.run(["git", "apply", "-p0", "--unsafe-paths", "fix.patch"], check=True, cwd=tool_file.parent)
    patched = tool_file.read_bytes()
    tool_file.write_text(json.dumps(TOOL, indent=2) + "\n", encoding="utf-8")
    _run("--fix", "--unsafe-fixes", "tool.json")
    assert tool_file.read_bytes() == patched


def test_diff_of_a_file_with_a_byte_order_mark_applies_when_its_first_line_changes(tmp_path, monkeypatch):
    """The `-` line left the mark out, and `patch` or `git apply` failed on a JSON Lines file
    whose first tool was fixed."""
    monkeypatch.chdir(tmp_path)
    line = json.dumps(TOOL) + "\n"
    original = b"\xef\xbb\xbf" + (line * 2).encode()
    (tmp_path / "tools.jsonl").write_bytes(original)
    diff = CliRunner().invoke(main, ["check", *SELECT, "--diff", "tools.jsonl"]).stdout
    assert diff.splitlines()[3].startswith("-\ufeff{")
    (tmp_path / "fix.patch").write_text(diff, encoding="utf-8")
    subprocess.run(["git", "apply", "-p0", "--unsafe-paths", "fix.patch"], check=True, cwd=tmp_path)
    patched = (tmp_path / "tools.jsonl").read_bytes()
    (tmp_path / "tools.jsonl").write_bytes(original)
    _run("--fix", "tools.jsonl")
    assert (tmp_path / "tools.jsonl").read_bytes() == patched


def test_a_yaml_file_with_no_final_newline_keeps_none_when_its_last_line_is_fixed(tmp_path):
    path = tmp_path / "tool.yaml"
    path.write_text("name: create_ticket\ndescription: Create a ticket.\ninputSchema:\n  type: object\n"
                    "  properties:\n    kind:\n      type: string\n      enum: [bug]")
    CliRunner().invoke(main, ["check", "--select", "SL307", "--fix", str(path)])
    assert path.read_text().endswith("      type: string\n      const: bug")


def test_fix_only_applies_fixes_and_reports_only_what_it_fixed(tool_file):
    result = CliRunner().invoke(main, ["check", *SELECT, "--fix-only", "--exit-non-zero-on-fix", str(tool_file)])
    assert result.exit_code == 1 and result.output == "Fixed 1 finding.\n"  # no remaining finding printed
    assert json.loads(tool_file.read_text())["inputSchema"]["properties"]["kind"]["const"] == "bug"
    again = CliRunner().invoke(main, ["check", *SELECT, "--fix-only", "--exit-non-zero-on-fix", str(tool_file)])
    assert again.exit_code == 0 and again.output == ""


def test_a_fix_that_failed_is_not_called_fixable_after_the_run(tmp_path):
    path = tmp_path / "tool.yaml"
    path.write_text("name: list_tickets\ndescription: List tickets.\ninputSchema:\n  type: object\n  properties:\n"
                    "    status:\n      type: string\n      enum: [open]  # only open tickets for now\n"
                    "      description: Which.\n")
    result = CliRunner().invoke(main, ["check", "--select", "SL307", "--fix", str(path)])
    assert "SL307 fix could not be applied: its edit would remove the comment" in result.stderr
    assert "[*]" not in result.stdout and "fixable" not in result.stdout  # another `--fix` would fail the same way
