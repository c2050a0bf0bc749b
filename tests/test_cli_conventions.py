"""ruff's conventions at the command line: -q, --show-settings, --show-files, configuration
found per file, `[*]` and `help:` for fixes, and every finding naming its tool."""

from __future__ import annotations

import json

import pytest
from click.testing import CliRunner

from schema_lint.cli import main

OPEN_TOOL = {"name": "update_docs", "description": "Update the docs.", "inputSchema": {
    "type": "object", "required": ["query"],
    "properties": {"query": {"type": "string", "description": "What to look for."}}}}


@pytest.fixture
def project(tmp_path, monkeypatch):
    (tmp_path / "pyproject.toml").write_text('[tool.schema-lint]\nselect = ["SL201"]\n')
    (tmp_path / "top.json").write_text(json.dumps(OPEN_TOOL, indent=2))
    (tmp_path / "pkg").mkdir()
    (tmp_path / "pkg" / ".schema-lint.toml").write_text('select = ["SL301"]\n')
    (tmp_path / "pkg" / "nested.json").write_text(json.dumps(OPEN_TOOL, indent=2))
    monkeypatch.chdir(tmp_path)
    return tmp_path


def check(*args):
    return CliRunner().invoke(main, ["check", *args])


def codes_by_file(output):
    return sorted((line.split(":")[0], line.split(": ")[1].split()[0])
                  for line in output.splitlines() if ": SL" in line)


def test_each_file_is_linted_under_the_configuration_nearest_it(project):
    result = check("--output-format", "concise", ".")
    assert codes_by_file(result.output) == [("pkg/nested.json", "SL301"), ("top.json", "SL201")]


@pytest.mark.parametrize("exclude", ['"legacy"', '"legacy/old.json"', '"*.old.json"'])
def test_a_nested_configurations_exclude_holds_below_it_from_the_root(project, exclude):
    """`pkg`'s `exclude = ["legacy"]` was applied only to a run started in `pkg`: from the root
    (pre-commit's, CI's) the walk and the named file were linted. Relative to `pkg`, as ruff's is."""
    (project / "pkg" / ".schema-lint.toml").write_text(f'select = ["SL301"]\nexclude = [{exclude}]\n')
    (project / "pkg" / "legacy").mkdir()
    old = project / "pkg" / "legacy" / ("x.old.json" if "*" in exclude else "old.json")
    old.write_text(json.dumps(OPEN_TOOL, indent=2))
    named = str(old.relative_to(project))
    result = check("--output-format", "concise", ".")
    assert codes_by_file(result.output) == [("pkg/nested.json", "SL301"), ("top.json", "SL201")]
    assert check("--show-files", ".").output.split() == ["pkg/nested.json", "top.json"]
    assert ": SL" not in check("--output-format", "concise", named).output  # as pre-commit names it
    assert ": SL301" in check("--output-format", "concise", "pkg/nested.json", "top.json").output


def test_the_root_configurations_exclude_is_no_nested_ones_business(project):
    """A nested configuration without `exclude` leaves in what the walk found."""
    (project / "pkg" / "legacy").mkdir()
    (project / "pkg" / "legacy" / "old.json").write_text(json.dumps(OPEN_TOOL, indent=2))
    assert "pkg/legacy/old.json" in check("--show-files", ".").output.split()


def test_flags_apply_over_every_nested_configuration(project):
    result = check("--output-format", "concise", "--select", "SL401", ".")
    assert {code for _, code in codes_by_file(result.output)} <= {"SL401"}


def test_an_explicit_config_applies_to_every_file(project):
    result = check("--output-format", "concise", "--config", "pyproject.toml", ".")
    assert codes_by_file(result.output) == [("pkg/nested.json", "SL201"), ("top.json", "SL201")]


def test_an_explicit_configs_paths_are_relative_to_the_working_directory(project):
    """As ruff's `--config`: a file kept in `ci/` names `pkg` and `top.json` as the run sees
    them, not as `ci/pkg`, and `--show-settings` says from where."""
    (project / "ci").mkdir()
    (project / "ci" / "lint.toml").write_text('select = ["SL201", "SL301"]\nexclude = ["pkg/nested.json"]\n'
                                               '[per-file-ignores]\n"./top.json" = ["SL301"]\n')
    result = check("--output-format", "concise", "--config", "ci/lint.toml", ".")
    assert codes_by_file(result.output) == [("top.json", "SL201")]
    settings = check("--show-settings", "--config", "ci/lint.toml", ".").output
    assert f"# paths relative to: {project} (the working directory, as with --config)" in settings


def test_a_broken_nested_configuration_is_exit_2_before_any_finding(project):
    (project / "pkg" / ".schema-lint.toml").write_text('selct = ["SL301"]\nfail_on = "info"\n')
    result = check("--output-format", "concise", ".")
    assert result.exit_code == 2
    assert "unknown configuration keys `selct` (did you mean `select`?), `fail_on` (did you mean `fail-on`?)" \
        in result.output
    assert ": SL" not in result.output


def test_show_settings_names_each_configuration_and_its_resolved_values(project):
    result = check("--show-settings", "--extend-select", "SL302", ".")
    assert result.exit_code == 0
    first, nested = result.output.split("\n\n")
    assert first.startswith(f"# Settings from: {project / 'pyproject.toml'}")
    assert 'select = ["SL201"]' in first and 'extend-select = ["SL302"]' in first
    assert nested.startswith(f"# Nested settings from: {project / 'pkg' / '.schema-lint.toml'}")
    assert 'select = ["SL301"]' in nested
    assert ": SL" not in result.output


def test_show_files_lists_what_would_be_linted_and_lints_nothing(project):
    (project / "node_modules").mkdir()
    (project / "node_modules" / "x.json").write_text("{}")
    result = check("--show-files", ".")
    assert (result.exit_code, result.output.split()) == (0, ["pkg/nested.json", "top.json"])


def test_show_files_leaves_out_what_force_include_leaves_out(project):
    (project / "pyproject.toml").write_text('[tool.schema-lint]\ninclude = ["*.yaml"]\n')
    (project / "t.yaml").write_text("name: x\n")
    result = check("--show-files", "--force-include", "top.json", "t.yaml")
    assert (result.exit_code, result.output.split()) == (0, ["t.yaml"])


@pytest.mark.parametrize(("ignore_file", "text"), [(".gitignore", "*\n"),
                                                   ("pyproject.toml", '[tool.schema-lint]\nexclude = ["*.json"]\n')])
def test_a_run_that_finds_no_file_to_lint_says_so_even_quiet(project, ignore_file, text):
    # As ruff's "No Python files found": a `.gitignore` of `*` in the root made such a run pass unseen.
    (project / ".git").mkdir()
    (project / ignore_file).write_text(text)
    result = CliRunner().invoke(main, ["check", "-q", "."])
    assert result.exit_code == 0 and result.stdout == ""
    assert result.stderr.startswith("schema-lint: warning: no file to lint under .: what is there is excluded")


@pytest.mark.parametrize("where", ["--ignore", "per-file-ignores"])
def test_ignoring_the_parse_error_code_is_said_to_do_nothing(project, where):
    """A file that cannot be read is reported whatever the selection (as ruff reports a
    syntax error): an ignore of SL000 that passed unremarked looked as if it worked."""
    (project / "broken.json").write_text("{")
    assert "cannot be ignored" not in CliRunner().invoke(main, ["check", "--ignore", "SL0", "broken.json"]).stderr
    if where == "per-file-ignores":
        (project / "pyproject.toml").write_text('[tool.schema-lint]\n[tool.schema-lint.per-file-ignores]\n'
                                                '"broken.json" = ["SL000"]\n')
    result = CliRunner().invoke(main, ["check", "broken.json", *(["--ignore", "sl000"] if where == "--ignore" else [])])
    assert result.exit_code == 2 and "broken.json:1:2: SL000" in result.stdout
    assert result.stderr == "schema-lint: warning: SL000 cannot be ignored: a file that cannot be read is always reported\n"


def test_quiet_prints_the_findings_and_no_summary(project):
    loud, quiet = check("--output-format", "concise", "top.json"), check("-q", "--output-format", "concise", "top.json")
    assert loud.output.startswith(quiet.output) and "Found 1 finding" in loud.output
    assert quiet.output.count("\n") == 1 and "Found" not in quiet.output
    assert quiet.exit_code == loud.exit_code == 1


def test_quiet_github_prints_the_annotations_and_no_summary(project):
    quiet = check("-q", "--output-format", "github", "top.json")
    assert quiet.exit_code == 1 and quiet.output.startswith("::") and quiet.output.count("\n") == 1
    assert check("-q", "--output-format", "github", "--select", "SL402", "top.json").output == ""


def test_quiet_with_no_finding_prints_nothing(project):
    result = check("-q", "--select", "SL402", "top.json")
    assert (result.exit_code, result.output) == (0, "")


def test_full_marks_an_enabled_fix_and_shows_its_title(tmp_path, monkeypatch):
    tool = {"name": "set_mode", "description": "Set the mode.", "inputSchema": {
        "type": "object", "properties": {"mode": {"type": "string", "enum": ["fast", "fast", "slow"]}}}}
    (tmp_path / "t.json").write_text(json.dumps(tool, indent=2))
    monkeypatch.chdir(tmp_path)
    result = check("--output-format", "full", "--select", "SL011", "t.json")
    head, *rest = result.output.splitlines()
    assert head.startswith("t.json:") and " SL011 [*] [warning] set_mode: " in head
    (help_line,) = [line for line in rest if line.startswith("help: ")]
    (finding,) = json.loads(check("--output-format", "json", "--select", "SL011", "t.json").output)
    assert help_line == f"help: {finding['fix']['description']}"


def test_an_unsafe_fix_has_help_but_no_mark_until_unsafe_fixes_enables_it(project):
    plain = check("--output-format", "full", "--select", "SL201", "top.json").output
    assert " SL201 [warning]" in plain or " SL201 [error]" in plain
    unsafe = check("--output-format", "full", "--select", "SL201", "--unsafe-fixes", "top.json").output
    # A suggestion has help too, and never the mark: no flag applies it.
    has_fix = "help: " in plain and "[suggestion: `--fix` never applies it]" not in plain
    assert has_fix == (" SL201 [*] " in unsafe)


def test_a_finding_names_its_tool_once(tmp_path, monkeypatch):
    tools = {"tools": [dict(OPEN_TOOL, name=name) for name in ("alpha_create", "beta_create")]}
    (tmp_path / "tools.json").write_text(json.dumps(tools, indent=2))
    monkeypatch.chdir(tmp_path)
    lines = check("--output-format", "concise", "--select", "SL201,SL501", "tools.json").output.splitlines()
    assert sum(" alpha_create: " in line for line in lines) == 1
    assert sum(" beta_create: " in line for line in lines) == 1


def test_rules_list_and_explain_the_engine_codes():
    listed = CliRunner().invoke(main, ["rules"]).output
    assert listed.splitlines()[0].split()[:2] == ["SL000", "parse-error"]
    assert "SL900  unused-suppression" in listed
    explained = CliRunner().invoke(main, ["rule", "SL000"])
    assert explained.exit_code == 0 and "## Why is this bad" in explained.output


def test_a_config_file_given_with_a_tool_table_is_read(tmp_path, monkeypatch):
    (tmp_path / "lint.toml").write_text('[tool.schema-lint]\nselect = ["SL201"]\n')
    (tmp_path / "top.json").write_text(json.dumps(OPEN_TOOL, indent=2))
    monkeypatch.chdir(tmp_path)
    result = check("--output-format", "concise", "--config", "lint.toml", "top.json")
    assert codes_by_file(result.output) == [("top.json", "SL201")]


@pytest.mark.parametrize("command, option", [("check", "--mcp-deadline"), ("check", "--mcp-startup-timeout"),
                                             ("check", "--mcp-timeout"), ("check", "--python-timeout"),
                                             ("snapshot", "--mcp-deadline"), ("fuzz", "--budget")])
def test_nan_is_no_number_of_seconds(tmp_path, monkeypatch, command, option):
    """`nan` passed click's `x>0` range (every comparison with it is false): a deadline of nan
    raised a traceback deep in the run, a timeout of nan never ended a hanging import."""
    monkeypatch.chdir(tmp_path)
    result = CliRunner().invoke(main, [command, option, "nan", "tool.json"])
    assert result.exit_code == 2 and "'nan' is not a number" in result.output
    assert not isinstance(result.exception, ValueError)


@pytest.mark.parametrize("url", ["http://[::1", "http://[zz]/mcp"])
def test_a_url_python_cannot_split_is_a_usage_error_not_a_traceback(url):
    result = CliRunner().invoke(main, ["check", "--mcp-url", url])
    assert result.exit_code == 2 and f"--mcp-url {url!r}: not a URL" in result.output
    assert result.exception is None or isinstance(result.exception, SystemExit)


def test_an_empty_stdin_filename_is_a_usage_error_not_a_lint_of_the_folder(tmp_path, monkeypatch):
    """Empty, the name read as absent: stdin was never read, the working folder was linted and
    the run passed whatever was piped in."""
    monkeypatch.chdir(tmp_path)
    result = CliRunner().invoke(main, ["check", "--stdin-filename", ""], input="{broken")
    assert result.exit_code == 2 and "--stdin-filename needs a name" in result.output
