"""The command line as users meet it: commands, exit codes, inputs, colour."""

from __future__ import annotations

import json
import os
import pty
import re
import subprocess
import sys
from pathlib import Path

import pytest
from click.testing import CliRunner

from schema_lint import __version__
from schema_lint.cli import main
from schema_lint.cli.common import use_color
from schema_lint.rule import load_rules

SELECT = ["--select", "SL101,SL201,SL301"]
LOOSE = {"type": "object", "properties": {"title": {"type": "string"}}}
# SL101 speaks of a read tool's arguments only when a description says one is needed.
LOOSE_READ = {"type": "object", "properties": {"title": {"type": "string", "description": "Required."}}}
TIGHT = {"type": "object", "properties": {"title": {"type": "string", "maxLength": 100}},
         "required": ["title"], "additionalProperties": False}


def tool(name: str, schema: dict) -> str:
    return json.dumps({"name": name, "description": "A tool.", "inputSchema": schema}, indent=2)


@pytest.fixture
def project(tmp_path, monkeypatch):
    """A directory with a loose write tool, a loose read tool and a tight tool; the cwd."""
    (tmp_path / "create_ticket.json").write_text(tool("create_ticket", LOOSE))
    (tmp_path / "search_tickets.json").write_text(tool("search_tickets", LOOSE_READ))
    (tmp_path / "update_ticket.json").write_text(tool("update_ticket", TIGHT))
    monkeypatch.chdir(tmp_path)
    return tmp_path


def run(*args: str, input: str | None = None):
    return CliRunner().invoke(main, list(args), input=input)


def files_with_findings(output: str) -> set[str]:
    return {match[1] for match in re.finditer(r"^(\S+):\d+:\d+: SL\d{3} ", output, re.M)}


# --- commands ---------------------------------------------------------------------------


def test_plain_paths_mean_check(project):
    plain, check = run(*SELECT, "create_ticket.json"), run("check", *SELECT, "create_ticket.json")
    assert (plain.exit_code, plain.stdout) == (check.exit_code, check.stdout)
    assert "create_ticket.json:7:16: SL301 [warning]" in plain.stdout


def test_rule_prints_its_documentation_by_code_or_name():
    by_code, by_name = run("rule", "SL101"), run("rule", "missing-required")
    assert by_code.exit_code == 0 and by_code.stdout == by_name.stdout
    assert by_code.stdout.startswith("# SL101 missing-required\n")
    for heading in ("## What it does", "## Why is this bad", "## Example", "## Fix safety"):
        assert heading in by_code.stdout
    assert "Default severity: warning on read tools, error on write tools, error on destructive tools." \
        in by_code.stdout
    assert "Default severity: error. Fix: none." in run("rule", "SL002").stdout


def test_rule_unknown_is_a_usage_error():
    result = run("rule", "SL999")
    assert result.exit_code == 2 and "unknown rule `SL999`" in result.stderr


def test_rules_lists_every_registered_rule():
    rules = load_rules()
    text = run("rules").stdout.splitlines()
    assert [line.split()[0] for line in text] == list(rules)
    listed = json.loads(run("rules", "--output-format", "json").stdout)
    assert [(r["code"], r["name"], r["severity"]) for r in listed] == [
        (r.code, r.name, r.default_severity_text) for r in rules.values()]


def test_version():
    assert run("--version").stdout == f"schema-lint, version {__version__}\n"


# --- exit codes -------------------------------------------------------------------------


@pytest.mark.parametrize(("args", "code"), [
    ([*SELECT, "update_ticket.json"], 0),                          # nothing found
    ([*SELECT, "create_ticket.json"], 1),                          # errors and a warning
    ([*SELECT, "search_tickets.json"], 1),                         # warnings on a read tool
    ([*SELECT, "--fail-on", "error", "search_tickets.json"], 0),   # ... below the threshold
    ([*SELECT, "--fail-on", "error", "create_ticket.json"], 1),
    (["--select", "SL301", "search_tickets.json"], 0),             # info never fails
    ([*SELECT, "--fail-on", "never", "create_ticket.json"], 0),
    ([*SELECT, "--exit-zero", "create_ticket.json"], 0),
    ([*SELECT, "--output-format", "xml", "create_ticket.json"], 2),  # usage error
])
def test_exit_codes(project, args, code):
    assert run(*args).exit_code == code


def test_unreadable_input_exits_2_and_the_other_files_are_still_linted(project):
    (project / "broken.json").write_text('{"name": "x", "inputSchema": {')
    for extra in ([], ["--exit-zero"]):
        result = run(*SELECT, *extra, "broken.json", "create_ticket.json")
        assert result.exit_code == 2
        assert "broken.json:1:31: SL000 [error] invalid JSON" in result.stdout
        assert "create_ticket.json:7:16: SL301" in result.stdout


def test_bad_configuration_exits_2_with_the_key_and_no_traceback(project):
    (project / "pyproject.toml").write_text('[tool.schema-lint]\nfail_on = "error"\n')
    result = run("create_ticket.json")
    assert result.exit_code == 2
    assert "unknown configuration key `fail_on` (did you mean `fail-on`?)" in result.stderr
    assert "Traceback" not in result.output


def test_command_line_overrides_the_configuration_file(project):
    (project / "pyproject.toml").write_text('[tool.schema-lint]\nselect = ["SL301"]\nfail-on = "error"\n')
    assert run("create_ticket.json").exit_code == 0
    assert run("--fail-on", "warning", "create_ticket.json").exit_code == 1
    assert "SL101" in run("--select", "SL1", "create_ticket.json").stdout
    assert run("--ignore", "SL3", "--fail-on", "warning", "create_ticket.json").stdout.startswith("All checks passed")


def test_select_on_the_command_line_starts_the_selection_afresh(project):
    """As in ruff: `--select` leaves the file's `extend-select` and `ignore` behind with its `select`."""
    (project / "pyproject.toml").write_text('[tool.schema-lint]\nextend-select = ["SL301"]\nignore = ["SL101"]\n')
    assert "SL301" in run("create_ticket.json").stdout and "SL101" not in run("create_ticket.json").stdout
    selected = run("--select", "SL101", "create_ticket.json").stdout
    assert "SL101" in selected and "SL301" not in selected
    assert "SL301" not in run("--select", "SL101", "--ignore", "SL101", "create_ticket.json").stdout


def test_statistics_count_findings_per_rule(project):
    result = run(*SELECT, "--statistics", "create_ticket.json", "search_tickets.json")
    assert [line.split()[:2] for line in result.stdout.splitlines()] == [["2", "SL101"], ["2", "SL301"], ["1", "SL201"]]
    counts = json.loads(run(*SELECT, "--statistics", "--output-format", "json", "create_ticket.json").stdout)
    assert [(c["code"], c["count"]) for c in counts] == [("SL101", 1), ("SL201", 1), ("SL301", 1)]


@pytest.mark.parametrize("paths", [(), ("create_ticket.json",)])
def test_stdin_filename_reads_stdin_whatever_the_paths(project, paths):
    # As ruff: an editor pipes the buffer under its name, and nothing else is linted.
    result = run(*SELECT, "--output-format", "concise", "--stdin-filename", "edited.json", *paths,
                 input=tool("edit_x", LOOSE))
    assert files_with_findings(result.stdout) == {"edited.json"}
    assert ("ignoring create_ticket.json in favour of standard input" in result.stderr) == bool(paths)


def test_ctrl_c_exits_130_not_the_code_of_findings(project, monkeypatch):
    """click's own "Aborted!" exited 1, which a CI step reads as findings."""
    def interrupted(*args, **kwargs):
        raise KeyboardInterrupt

    monkeypatch.setattr("schema_lint.run.check.run_check", interrupted)
    result = run("check", "create_ticket.json")
    assert (result.exit_code, result.stderr) == (130, "schema-lint: interrupted\n")


def test_stdin_named_twice_is_read_once(project):
    """`check - -`: the second read found stdin at its end, an empty file (SL000, exit 2)."""
    result = run(*SELECT, "--output-format", "concise", "-", "create_ticket.json", "-", input=tool("edit_x", LOOSE))
    assert result.exit_code == 1 and "SL000" not in result.stdout
    assert files_with_findings(result.stdout) == {"-", "create_ticket.json"}


def test_statistics_go_to_the_output_file(project):
    result = run(*SELECT, "--statistics", "--output-file", "counts.txt", "create_ticket.json")
    assert (result.exit_code, result.stdout) == (1, "")
    assert [line.split()[1] for line in (project / "counts.txt").read_text().splitlines()] == ["SL101", "SL201", "SL301"]
    result = run(*SELECT, "--statistics", "--output-format", "json", "--output-file", "counts.json", "create_ticket.json")
    assert (result.exit_code, result.stdout) == (1, "")
    assert [c["code"] for c in json.loads((project / "counts.json").read_text())] == ["SL101", "SL201", "SL301"]


@pytest.mark.parametrize("output_format", ["github", "sarif", "junit", "gitlab", "jsonl", "rdjson", "markdown"])
def test_statistics_in_a_format_with_no_shape_for_counts_is_a_usage_error(project, output_format):
    # As ruff: counts are text or JSON, not a report of findings with nothing in it.
    result = run(*SELECT, "--statistics", "--output-format", output_format, "--output-file", "out", "create_ticket.json")
    assert result.exit_code == 2 and f"counts findings as text or json, not as {output_format}" in result.output
    assert not (project / "out").exists()


def test_statistics_besides_a_report_file_locate_its_findings(project):
    result = run(*SELECT, "--statistics", "--output-format", "sarif:out.sarif", "create_ticket.json")
    assert [line.split()[1] for line in result.stdout.splitlines()] == ["SL101", "SL201", "SL301"]
    results = json.loads((project / "out.sarif").read_text())["runs"][0]["results"]
    assert all(r["locations"][0]["physicalLocation"]["region"]["startLine"] > 0 for r in results)


def test_statistics_skip_positions_yet_count_what_comments_silence_and_leave_the_cache_unwritten(
        project, monkeypatch):
    monkeypatch.delenv("SCHEMA_LINT_NO_CACHE", raising=False)
    (project / "tickets.yaml").write_text(
        "name: create_ticket\ndescription: A tool.\ninputSchema:\n  type: object\n"
        "  properties:  # schema-lint: ignore[SL301]\n    title: {type: string}  # schema-lint: ignore[SL301]\n")
    counted = json.loads(run(*SELECT, "--statistics", "--output-format", "json", "tickets.yaml").stdout)
    assert [(c["code"], c["count"]) for c in counted] == [("SL101", 1), ("SL201", 1)]
    assert not (project / ".schema_lint_cache").exists()
    listed = json.loads(run(*SELECT, "--output-format", "json", "tickets.yaml").stdout)
    assert sorted(d["code"] for d in listed) == ["SL101", "SL201"] and all(d["line"] > 0 for d in listed)


# --- inputs -----------------------------------------------------------------------------


def test_stdin_takes_its_name_and_format_from_stdin_filename(project):
    yaml = "name: create_ticket\ninputSchema:\n  type: object\n  properties:\n    title: {type: string}\n"
    named = run(*SELECT, "-", "--stdin-filename", "tools/ticket.yaml", input=yaml)
    assert named.exit_code == 1
    assert "tools/ticket.yaml:5:12: SL301 [warning]" in named.stdout
    anonymous = run(*SELECT, "-", input=tool("create_ticket", LOOSE))
    assert "-:7:16: SL301" in anonymous.stdout


def test_stdin_is_linted_under_the_configuration_nearest_its_name(project):
    """As a file of that name is, and as ruff does: an editor pipes `sub/edited.json`'s buffer."""
    (project / "sub").mkdir()
    (project / "sub" / ".schema-lint.toml").write_text('select = ["SL201"]\n')
    piped = run("--output-format", "concise", "--stdin-filename", "sub/edited.json", "-", input=tool("edit_x", LOOSE))
    assert {line.split()[1] for line in piped.stdout.splitlines() if line.startswith("sub/")} == {"SL201"}
    (project / "sub" / "edited.json").write_text(tool("edit_x", LOOSE))
    named = run("--output-format", "concise", "sub/edited.json")
    assert named.stdout == piped.stdout
    settings = run("--show-settings", "--stdin-filename", "sub/edited.json", "-").stdout
    assert str(project / "sub" / ".schema-lint.toml") in settings


def test_directories_skip_gitignored_and_vendored_paths(project):
    (project / ".git").mkdir()
    (project / ".gitignore").write_text("generated/\n*.local.json\n")
    for path in ("generated/a.json", "mine.local.json", "node_modules/pkg/b.json", "sub/create_c.json"):
        (project / path).parent.mkdir(parents=True, exist_ok=True)
        (project / path).write_text(tool("create_c", LOOSE))
    assert files_with_findings(run(*SELECT, ".").stdout) == {"create_ticket.json", "search_tickets.json", "sub/create_c.json"}
    # A file named on the command line is read even when ignored (pre-commit names files).
    assert "mine.local.json:7:16: SL301" in run(*SELECT, "mine.local.json").stdout
    # So is a folder: naming it is asking for it.
    assert files_with_findings(run(*SELECT, "generated").stdout) == {"generated/a.json"}


def test_gitignore_of_a_nested_folder_applies_when_the_repository_root_has_none(project):
    (project / ".git").mkdir()
    (project / "tools" / "out").mkdir(parents=True)
    (project / "tools" / ".gitignore").write_text("out/\n")
    (project / "tools" / "out" / "create_d.json").write_text(tool("create_d", LOOSE))
    (project / "tools" / "deep").mkdir()
    (project / "tools" / "deep" / "create_e.json").write_text(tool("create_e", LOOSE))
    assert files_with_findings(run(*SELECT, "tools/deep").stdout) == {"tools/deep/create_e.json"}
    assert files_with_findings(run(*SELECT, "tools").stdout) == {"tools/deep/create_e.json"}


def test_verbose_lists_files_without_a_tool(project):
    (project / "settings.json").write_text('{"theme": "dark"}')
    assert run(*SELECT, "-v", ".").stderr == "settings.json: no tool found, skipped\n"
    assert run(*SELECT, ".").stderr == ""


def test_the_summary_suggests_v_only_when_it_was_not_given(tmp_path, monkeypatch):
    (tmp_path / "settings.json").write_text('{"theme": "dark"}')
    monkeypatch.chdir(tmp_path)
    assert run("--output-format", "concise", "settings.json").stdout == \
        "No tool found in 1 file: nothing was checked (`-v` lists the files read).\n"
    assert run("--output-format", "concise", "-v", "settings.json").stdout == \
        "No tool found in 1 file: nothing was checked.\n"


# --- colour -----------------------------------------------------------------------------


class Stream:
    def __init__(self, tty: bool):
        self.tty = tty

    def isatty(self) -> bool:
        return self.tty


@pytest.mark.parametrize(("tty", "env", "expected"), [
    (True, {}, True),
    (False, {}, False),
    (True, {"NO_COLOR": "1"}, False),
    (False, {"FORCE_COLOR": "1"}, True),
    (True, {"NO_COLOR": "1", "FORCE_COLOR": "1"}, False),
])
def test_colour_only_on_a_terminal_unless_told(monkeypatch, tty, env, expected):
    for name in ("NO_COLOR", "FORCE_COLOR"):
        monkeypatch.delenv(name, raising=False)
    for name, value in env.items():
        monkeypatch.setenv(name, value)
    assert use_color(Stream(tty)) is expected


def test_piped_output_is_concise_and_plain(project):
    result = run(*SELECT, "create_ticket.json")
    assert "\x1b[" not in result.stdout and " | " not in result.stdout


def console(args: list[str], cwd: Path, terminal: bool, **env: str) -> tuple[int, str]:
    """Run the installed `schema-lint` script, its stdout a terminal or a pipe."""
    script = Path(sys.executable).with_name("schema-lint")
    environ = {k: v for k, v in os.environ.items() if k not in ("NO_COLOR", "FORCE_COLOR")} | env
    if not terminal:
        done = subprocess.run([str(script), *args], cwd=cwd, env=environ, capture_output=True, text=True, timeout=60)
        return done.returncode, done.stdout
    try:
        leader, follower = pty.openpty()
    except OSError:
        pytest.skip("no pseudo-terminal on this machine")
    process = subprocess.Popen([str(script), *args], cwd=cwd, env=environ, stdout=follower, stderr=follower)
    os.close(follower)
    chunks = []
    while True:
        try:
            chunk = os.read(leader, 65536)
        except OSError:  # the terminal closes when the process ends
            break
        if not chunk:
            break
        chunks.append(chunk)
    os.close(leader)
    return process.wait(timeout=60), b"".join(chunks).decode("utf-8")


def test_real_console_script_in_a_terminal_and_in_a_pipe(project):
    code, coloured = console([*SELECT, "create_ticket.json"], project, terminal=True)
    assert code == 1
    assert "\x1b[" in coloured and " | " in coloured  # full format, in colour
    _, plain = console([*SELECT, "create_ticket.json"], project, terminal=True, NO_COLOR="1")
    assert "\x1b[" not in plain and " | " in plain
    code, piped = console([*SELECT, "create_ticket.json"], project, terminal=False)
    assert code == 1 and piped.splitlines()[0].startswith("create_ticket.json:") and "\x1b[" not in piped


def test_force_include_lints_the_named_files_a_walk_would_lint(tmp_path, monkeypatch):
    """pre-commit names every text file of a commit (it knows no type for `.jsonl` or
    `.jsonc`): with `--force-include`, as the hooks run it, those `include` matches are
    linted and the rest passed over, where without it each is an SL000."""
    monkeypatch.chdir(tmp_path)
    (tmp_path / "tools.jsonl").write_text(json.dumps({"name": "create_ticket", "description": "A tool.",
                                                      "inputSchema": LOOSE}) + "\n")
    (tmp_path / "tool.jsonc").write_text("// a ticket desk\n" + tool("update_ticket", LOOSE))
    (tmp_path / "README.md").write_text("# Tools\n")
    (tmp_path / "make.py").write_text("x = 1\n")
    named = ["README.md", "make.py", "tools.jsonl", "tool.jsonc"]
    hooked = CliRunner().invoke(main, ["check", "--no-cache", *SELECT, "--force-include", *named])
    assert hooked.exit_code == 1, hooked.output
    assert "tools.jsonl:1:" in hooked.output and "tool.jsonc:" in hooked.output
    assert "SL000" not in hooked.output and "README.md" not in hooked.output
    plain = CliRunner().invoke(main, ["check", "--no-cache", *SELECT, *named])
    assert "README.md:1:1: SL000" in plain.output and plain.exit_code == 2


def test_the_hooks_take_every_text_file_and_keep_those_check_would_walk():
    hooks = (Path(__file__).resolve().parents[1] / ".pre-commit-hooks.yaml").read_text(encoding="utf-8")
    entries = [line.split(":", 1)[1].strip() for line in hooks.splitlines() if line.strip().startswith("entry:")]
    assert entries and all("--force-include" in entry for entry in entries)
    # The marker first, so every name pre-commit appends after `args:` is read as a file.
    assert "types_or" not in hooks and hooks.count("types: [text]") == len(entries)
    assert all(entry.startswith("schema-lint check --pre-commit ") for entry in entries)


# Files a pull request could add so that pre-commit, which appends file names after the
# user's `args:` with no `--`, hands the hook a flag: each must be read as a file.
FLAG_NAMED_FILES = ["--exit-zero", "--fail-on=never", "--unsafe-fixes", "--fix", "--", "-"]


def test_the_hooks_read_flag_like_file_names_as_files(tmp_path, monkeypatch):
    """`--pre-commit` (the hooks' entry): a committed file named like a flag cannot switch
    the gate off or make the safe-fix hook tighten; the user's `args:` still apply."""
    monkeypatch.chdir(tmp_path)
    (tmp_path / "tool.json").write_text(tool("create_ticket", LOOSE))
    for name in FLAG_NAMED_FILES:
        (tmp_path / name).write_text("harmless\n")
    (tmp_path / "pyproject.toml").write_text("[tool.schema-lint]\n")
    user_args = ["--config", "pyproject.toml", *SELECT]
    hooked = CliRunner().invoke(main, ["check", "--pre-commit", "--no-cache", "--force-include", *user_args,
                                       "tool.json", "pyproject.toml", *FLAG_NAMED_FILES])
    assert hooked.exit_code == 1, hooked.output
    assert "tool.json:" in hooked.output and "SL201" in hooked.output and "SL000" not in hooked.output
    before = (tmp_path / "tool.json").read_text()
    fixer = CliRunner().invoke(main, ["check", "--pre-commit", "--no-cache", "--force-include", "--fix-only",
                                      "--exit-non-zero-on-fix", "tool.json", *FLAG_NAMED_FILES])
    assert fixer.exit_code == 0, fixer.output
    assert (tmp_path / "tool.json").read_text() == before  # no tightening fix applied
    # Named without --force-include, each is linted as the file it is (an SL000 here).
    named = CliRunner().invoke(main, ["check", "--pre-commit", "--no-cache", "tool.json", "--exit-zero", "-"])
    assert named.exit_code == 2 and "--exit-zero:1:1: SL000" in named.output and "-:1:1: SL000" in named.output


def test_without_the_marker_or_after_a_double_dash_arguments_are_as_typed(tmp_path, monkeypatch):
    """The marker changes nothing for a person at a shell: `--exit-zero` typed there is the flag
    even where a file of that name exists, and `-- --pre-commit` names a file."""
    monkeypatch.chdir(tmp_path)
    (tmp_path / "tool.json").write_text(tool("create_ticket", LOOSE))
    (tmp_path / "--exit-zero").write_text("harmless\n")
    typed = CliRunner().invoke(main, ["check", "--no-cache", *SELECT, "tool.json", "--exit-zero"])
    assert typed.exit_code == 0 and "SL201" in typed.output
    (tmp_path / "--pre-commit").write_text(tool("close_ticket", LOOSE))
    file_named = CliRunner().invoke(main, ["check", "--no-cache", *SELECT, "--", "--pre-commit"])
    assert file_named.exit_code == 1 and "--pre-commit:" in file_named.output


def test_a_tool_list_in_a_shape_not_read_is_a_warning_not_a_silent_pass(tmp_path, monkeypatch):
    """A named file holding a list of tools in no shape the reader knows (OpenAI Realtime's
    `session.update`, Cohere v1's `parameter_definitions`) passed CI checked by nothing; a
    file of something else (a package manifest, a config) still passes without a word."""
    monkeypatch.chdir(tmp_path)
    tool = {"name": "get_weather", "description": "Weather.", "parameter_definitions": {"city": {"type": "str"}}}
    (tmp_path / "cohere.json").write_text(json.dumps({"model": "command-r", "tools": [tool]}))
    (tmp_path / "realtime.json").write_text(json.dumps({"type": "session.update", "session": {"tools": [
        {"type": "function", "name": "f", "description": "F.", "arguments": {"type": "object"}}]}}))
    (tmp_path / "package.json").write_text(json.dumps({"name": "app", "scripts": {"test": "jest"},
                                                        "files": ["dist"], "tools": []}))
    result = run("check", "--no-cache", "cohere.json", "realtime.json", "package.json")
    assert result.exit_code == 0
    warned = sorted(line.split(": ")[2] for line in result.stderr.splitlines() if "nothing in it was checked" in line)
    assert warned == ["cohere.json", "realtime.json"]
    # A walk reads every skipped file again to look: it says nothing (`-v` lists what it skipped).
    assert "nothing in it was checked" not in run("check", "--no-cache", ".").stderr
    # A tool found whose arguments are no schema is reported (SL000): no warning says none was found.
    (tmp_path / "mcp.json").write_text(json.dumps({"tools": [{"name": "a", "inputSchema": None}]}))
    broken = run("check", "--no-cache", "mcp.json")
    assert broken.exit_code == 2 and "SL000" in broken.output and "nothing in it was checked" not in broken.stderr


def test_diff_names_the_file_it_could_not_read(tmp_path, monkeypatch):
    """`--diff` exits 2 for a file it could not read: stderr says which and why, as the report
    would, not only "No fixes to apply."."""
    monkeypatch.chdir(tmp_path)
    (tmp_path / "broken.json").write_text('{"name": \n')
    result = run("check", "--no-cache", "--diff", "broken.json")
    assert result.exit_code == 2 and result.stdout == ""
    assert "broken.json:2:1: SL000 [error] invalid JSON" in result.stderr
