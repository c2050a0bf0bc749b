"""`schema-lint fuzz` end to end: formats, determinism, exit codes, bad input, progress."""

from __future__ import annotations

import json
import os
import pty
import re
import subprocess
import sys

import pytest
from click.testing import CliRunner
from conftest import CREATE_TICKET

from schema_lint.cli import main

CLOSED_TOOL = {"name": "create_ticket", "description": "Open a ticket.", "inputSchema": CREATE_TICKET}
OPEN_TOOL = {"name": "search_tickets", "description": "Search tickets.",
             "inputSchema": {"type": "object", "properties": {"query": {"type": "string", "maxLength": 200}},
                             "required": ["query"]}}
FAST = ["--examples", "3", "--budget", "20"]


def _write(tmp_path, name, data):
    path = tmp_path / name
    path.write_text(json.dumps(data) if not isinstance(data, str) else data)
    return str(path)


def _fuzz(*args):
    result = CliRunner().invoke(main, ["fuzz", *FAST, *args])
    assert result.exception is None or isinstance(result.exception, SystemExit), result.output
    return result


def test_json_report_has_exactly_the_documented_keys(tmp_path):
    result = _fuzz(_write(tmp_path, "tools.json", [CLOSED_TOOL, OPEN_TOOL]), "--output-format", "json")
    data = json.loads(result.stdout)
    assert set(data) == {"tools", "summary"}
    assert [(t["name"], t["unsupported"]) for t in data["tools"]] == [("create_ticket", None), ("search_tickets", None)]
    for tool in data["tools"]:
        assert set(tool) == {"name", "file", "near_misses", "unsupported"}
        for miss in tool["near_misses"]:
            detail = {"canonicalized": "repairs", "rejected": "envelope", "accepted": None}[miss["outcome"]]
            assert set(miss) == {"mutator", "path", "outcome", "example", "rule"} | ({detail} - {None})
            assert miss["path"].startswith("$")
            assert (miss["rule"] is not None) == (miss["outcome"] == "accepted")
    summary = data["summary"]
    assert summary["near_misses"] == summary["canonicalized"] + summary["rejected"] + summary["accepted"]
    assert summary["accepted_by_rule"]["SL201"] >= 1  # the open search tool


def test_identical_input_and_seed_give_identical_output(tmp_path):
    path = _write(tmp_path, "tools.json", [CLOSED_TOOL, OPEN_TOOL])
    first, second = (_fuzz(path, "--seed", "7", "--output-format", "json").stdout for _ in range(2))
    assert first == second
    assert _fuzz(path, "--seed", "8", "--output-format", "json").stdout != first


def test_table_names_the_rule_of_each_accepted_near_miss(tmp_path):
    output = _fuzz(_write(tmp_path, "tools.json", OPEN_TOOL)).stdout
    assert "search_tickets" in output
    assert "unknown-key       accepted (SL201)" in output or "accepted (SL201)" in output
    assert output.rstrip().splitlines()[-1].startswith("1 tool, ")


def test_markdown_puts_accepted_near_misses_in_bold(tmp_path):
    output = _fuzz(_write(tmp_path, "tools.json", [CLOSED_TOOL, OPEN_TOOL]), "--output-format", "markdown").stdout
    assert output.startswith("## schema-lint fuzz\n")
    assert "| `unknown-key` | **accepted (SL201)** |" in output


@pytest.mark.parametrize(("tool", "fail_on", "code"), [
    (OPEN_TOOL, "accepted", 1), (OPEN_TOOL, "never", 0), (OPEN_TOOL, None, 0),
    (CLOSED_TOOL, "rejected", 1),
])
def test_fail_on_makes_a_ci_gate(tmp_path, tool, fail_on, code):
    args = [_write(tmp_path, "tool.json", tool)] + (["--fail-on", fail_on] if fail_on else [])
    assert _fuzz(*args).exit_code == code


def test_fail_on_accepted_passes_a_tool_that_accepts_no_near_miss(tmp_path):
    strict = {"name": "get_status", "inputSchema": {"type": "object", "additionalProperties": False, "required": ["id"],
                                                    "properties": {"id": {"type": "integer", "minimum": 1}}}}
    assert _fuzz(_write(tmp_path, "tool.json", strict), "--fail-on", "accepted").exit_code == 0


def test_a_gate_fails_a_run_that_fuzzed_nothing(tmp_path):
    (tmp_path / "empty").mkdir()
    over_budget = _write(tmp_path, "tool.json", OPEN_TOOL)
    for args in ([str(tmp_path / "empty")], [over_budget, "--budget", "0.000001"]):
        gated = _fuzz(*args, "--fail-on", "accepted")
        assert gated.exit_code == 2 and "nothing was fuzzed" in gated.stderr
        assert _fuzz(*args).exit_code == 0  # a report alone, no gate: nothing to fail


def test_unreadable_file_is_reported_with_its_position_and_the_others_are_still_fuzzed(tmp_path):
    broken = _write(tmp_path, "broken.json", '{"name": "x",\n  "inputSchema": {,}}')
    good = _write(tmp_path, "good.json", OPEN_TOOL)
    result = _fuzz(broken, good, "--output-format", "json")
    assert result.exit_code == 2
    assert f"{broken}:2:19: invalid JSON" in result.stderr
    assert "Traceback" not in result.stderr + result.stdout
    assert [t["name"] for t in json.loads(result.stdout)["tools"]] == ["search_tickets"]


def test_jsonl_keeps_the_lines_that_parse(tmp_path):
    text = json.dumps(OPEN_TOOL) + "\nnot json\n" + json.dumps(CLOSED_TOOL) + "\n"
    result = _fuzz(_write(tmp_path, "tools.jsonl", text), "--output-format", "json")
    assert result.exit_code == 2 and "tools.jsonl:2:1:" in result.stderr
    assert [t["name"] for t in json.loads(result.stdout)["tools"]] == ["search_tickets", "create_ticket"]


def test_unknown_policy_is_a_usage_error(tmp_path):
    result = _fuzz(_write(tmp_path, "tool.json", OPEN_TOOL), "--policy", "split-commas")
    assert result.exit_code == 2 and "unknown repair split-commas" in result.stderr


def test_an_invalid_schema_is_reported_as_not_fuzzed(tmp_path):
    tool = {"name": "bad", "inputSchema": {"type": "object", "properties": {"a": {"type": "strang"}}}}
    data = json.loads(_fuzz(_write(tmp_path, "tool.json", tool), "--output-format", "json").stdout)
    assert data["tools"][0]["unsupported"].startswith("cannot compile the schema")
    assert data["summary"]["unsupported"] == 1


def test_a_bound_of_python_s_largest_printable_integer_is_fuzzed_not_a_crash(tmp_path):
    """A `maximum` of 4,300 nines is within what `check` reads, and values drawn near it
    may pass Python's limit for writing an integer: they are left out, not raised."""
    tool = {"name": "big", "inputSchema": {"type": "object", "properties": {
        "q": {"type": "integer", "maximum": int("9" * 4300)}}}}
    result = CliRunner().invoke(main, ["fuzz", "--examples", "30", "--budget", "20", "--output-format", "json",
                                       _write(tmp_path, "tool.json", tool)])
    assert result.exception is None or isinstance(result.exception, SystemExit), result.output
    assert result.exit_code in (0, 1) and json.loads(result.stdout)["summary"]["tools"] == 1


def test_a_hypothesis_the_generator_does_not_fit_fails_the_run_and_names_the_versions_that_work(tmp_path, monkeypatch):
    """hypothesis 6.170.10 and later dropped `many.more()`, which hypothesis-jsonschema 0.23.1
    calls: every tool was "unsupported" and `--fail-on accepted` exited 0, a gate that passed
    having fuzzed nothing."""
    from hypothesis.internal.conjecture import utils

    from schema_lint.fuzz import generate

    monkeypatch.delattr(utils.many, "more")
    generate._warm_up.cache_clear()
    try:
        result = _fuzz(_write(tmp_path, "tool.json", CLOSED_TOOL), "--fail-on", "accepted")
    finally:
        generate._warm_up.cache_clear()
    assert result.exit_code == 2 and result.stdout == ""
    message = result.stderr.strip()
    assert message.startswith("schema-lint: error: the installed hypothesis ") and "\n" not in message
    assert "'many' object has no attribute 'more'" in message and "hypothesis<=" in message
    assert "pip install 'schema-lint[fuzz]'" in message


def test_a_generator_that_fails_on_a_tool_fails_the_run(tmp_path, monkeypatch):
    """A generator process that dies leaves its tool unfuzzed: the report says so, and the
    run exits 2 whatever `--fail-on` asks, since nothing near the tool was checked."""
    from schema_lint.fuzz import generate
    from schema_lint.fuzz.isolation import Crashed

    monkeypatch.setattr(generate, "run_isolated", lambda *args: Crashed("the generator process died (exit code -9)"))
    for fail_on in ("never", "accepted"):
        result = _fuzz(_write(tmp_path, "tool.json", CLOSED_TOOL), "--fail-on", fail_on, "--output-format", "json")
        assert result.exit_code == 2, fail_on
        assert "generator failed on 1 tool (create_ticket)" in result.stderr
        assert json.loads(result.stdout)["tools"][0]["unsupported"].startswith("generator failed")


TINY_TOOLS = [{"name": f"get_item_{n}", "inputSchema": {"type": "object", "properties": {"id": {"type": "integer"}}}}
              for n in range(11)]


@pytest.mark.parametrize("output_format", ["table", "json", "markdown"])
def test_progress_goes_to_stderr_and_never_changes_stdout(tmp_path, output_format):
    path = _write(tmp_path, "tools.json", TINY_TOOLS[:2])
    shown, hidden = (_fuzz(path, "--output-format", output_format, flag) for flag in ("--progress", "--no-progress"))
    assert shown.stdout_bytes == hidden.stdout_bytes == _fuzz(path, "--output-format", output_format).stdout_bytes
    assert shown.stderr.startswith("schema-lint fuzz: 2/2 tools, ") and shown.stderr.count("\n") == 1
    assert hidden.stderr == ""


def test_a_long_run_logs_a_line_every_ten_tools_unless_told_not_to(tmp_path, monkeypatch):
    monkeypatch.setattr("schema_lint.run.progress.START_AFTER", 0.0)  # every run is long now
    path = _write(tmp_path, "tools.json", TINY_TOOLS)
    lines = _fuzz(path, "--examples", "1").stderr.splitlines()
    assert [line.split(",")[0] for line in lines] == ["schema-lint fuzz: 10/11 tools", "schema-lint fuzz: 11/11 tools"]
    assert all(line.endswith(" s)") and "near misses: " in line for line in lines)
    assert _fuzz(path, "--examples", "1", "--no-progress").stderr == ""


def test_a_quick_run_shows_no_progress_by_default(tmp_path, monkeypatch):
    monkeypatch.setattr("schema_lint.run.progress.START_AFTER", 1e9)  # no run is long now
    assert _fuzz(_write(tmp_path, "tools.json", TINY_TOOLS), "--examples", "1").stderr == ""


def test_a_terminal_gets_one_line_redrawn_and_wiped(tmp_path):
    path = _write(tmp_path, "tools.json", TINY_TOOLS[:6])
    command = [sys.executable, "-m", "schema_lint", "fuzz", "--examples", "1", "--output-format", "json",
               "--progress", path]
    leader, follower = pty.openpty()
    with subprocess.Popen(command, stdout=subprocess.PIPE, stderr=follower) as process:
        os.close(follower)
        stdout, _ = process.communicate(timeout=120)
    terminal = b""
    while True:
        try:
            chunk = os.read(leader, 4096)
        except OSError:
            break
        if not chunk:
            break
        terminal += chunk
    os.close(leader)
    assert terminal.startswith(b"\rschema-lint fuzz: 1/6 tools, ")
    assert b"\n" not in terminal and terminal.endswith(b" \r")  # the line is wiped, the cursor back at column 0
    assert len(json.loads(stdout)["tools"]) == 6


PAINT = {"name": "paint", "inputSchema": {"type": "object", "required": ["color", "shade"], "properties": {
    "color": {"type": "string", "enum": ["\x1b[31mred"]}, "shade": {"type": "string", "enum": ["\x9b31m\u202edark"]}}}}
# What must never reach a terminal raw: C0 (but the newline) and C1 controls, DEL, bidi controls.
RAW_CONTROL = re.compile("[\x00-\x09\x0b-\x1f\x7f-\x9f\u061c\u200e\u200f\u2028\u2029\u202a-\u202e\u2066-\u2069]")


@pytest.mark.parametrize(("output_format", "shown"), [
    ("table", "\\u001b[31"), ("markdown", "\\\\u001b\\[31"), ("json", "\\u001b[31")])
def test_generated_control_characters_are_printed_escaped(tmp_path, output_format, shown):
    output = _fuzz(_write(tmp_path, "tool.json", PAINT), "--output-format", output_format).stdout
    assert RAW_CONTROL.search(output) is None, repr(RAW_CONTROL.search(output))
    assert shown in output
    if output_format == "json":
        examples = [m["example"] for m in json.loads(output)["tools"][0]["near_misses"]]
        # Escaped in print, not in value: a reader parses what was sent.
        assert {"color": "\x1b[31mred", "shade": "\x9b31m\u202edark", "extra_field": "x"} in examples


def test_check_never_imports_the_fuzzer():
    code = ("import sys\nfrom schema_lint.cli import main\n"
            "try:\n    main(['check', 'examples/'])\nexcept SystemExit:\n    pass\n"
            "print('hypothesis' in sys.modules, 'schema_lint.fuzz' in sys.modules)")
    result = subprocess.run([sys.executable, "-c", code], capture_output=True, text=True, timeout=120,
                            cwd=os.path.dirname(os.path.dirname(os.path.dirname(os.path.abspath(__file__)))))
    assert result.stdout.strip().splitlines()[-1] == "False False"


def test_yaml_and_stdin_are_read_as_check_reads_them(tmp_path):
    yaml_text = ("tools:\n  - name: search_tickets\n    inputSchema:\n      type: object\n"
                 "      properties:\n        query: {type: string, maxLength: 200}\n      required: [query]\n")
    from_file = _fuzz(_write(tmp_path, "tools.yaml", yaml_text), "--output-format", "json")
    from_stdin = CliRunner().invoke(main, ["fuzz", *FAST, "-", "--stdin-filename", "tools.yaml",
                                           "--output-format", "json"], input=yaml_text)
    assert [t["name"] for t in json.loads(from_file.stdout)["tools"]] == ["search_tickets"]
    assert json.loads(from_stdin.stdout)["tools"][0]["near_misses"] == json.loads(from_file.stdout)["tools"][0]["near_misses"]


@pytest.fixture
def hypothesis_home():
    """hypothesis's home folder as a test leaves it, put back to its default afterwards."""
    from hypothesis import configuration

    yield lambda: configuration.storage_directory(intent_to_write=False).home_directory
    configuration.set_hypothesis_home_dir(None)


@pytest.mark.parametrize("named", [False, True])
def test_hypothesis_keeps_its_files_in_the_user_cache_not_the_project(tmp_path, monkeypatch, hypothesis_home, named):
    """In `.hypothesis/` of the working directory, its first run in each project cost 3 s and
    200 MB more, and left the folder in the user's project."""
    monkeypatch.chdir(tmp_path)
    monkeypatch.setenv("XDG_CACHE_HOME", str(tmp_path / "cache"))
    if named:
        monkeypatch.setenv("HYPOTHESIS_STORAGE_DIRECTORY", str(tmp_path / "chosen"))
    else:
        monkeypatch.delenv("HYPOTHESIS_STORAGE_DIRECTORY", raising=False)
    _fuzz(_write(tmp_path, "tools.json", [OPEN_TOOL]))
    expected = tmp_path / "chosen" if named else tmp_path / "cache" / "schema-lint" / "hypothesis"
    assert str(hypothesis_home()) == str(expected)
    assert not (tmp_path / ".hypothesis").exists()
