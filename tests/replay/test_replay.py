"""`schema-lint replay`: outcomes, figures, output shapes and the `--against` gate."""

from __future__ import annotations

import json

import pytest
from hypothesis import given, settings
from hypothesis import strategies as st

from click.testing import CliRunner

from schema_lint.cli import main
from schema_lint.replay.run import _definition_key

SEARCH = {"name": "search_docs", "description": "Search.", "inputSchema": {
    "type": "object",
    "properties": {"query": {"type": "string"},
                   "data_source_names": {"type": "array", "items": {"type": "string"}}},
    "required": ["query", "data_source_names"]}}
BFCL = {"name": "calc_area", "description": "Area.", "parameters": {
    "type": "dict", "properties": {"width": {"type": "float"}, "height": {"type": "float"}},
    "required": ["width", "height"]}}
CALLS = [
    {"tool": "search_docs", "arguments": {"query": "q", "data_source_names": ["a"]}},          # valid
    {"tool": "search_docs", "arguments": {"query": "q", "data_source_names": "dotnet/eshop"}},  # canonicalized
    {"tool": "search_docs", "arguments": {"data_source_names": ["a"]}},                         # rejected: required
    {"tool": "nope", "arguments": {}},                                                          # unknown tool
    {"tool": "search_docs", "arguments": "{\"query\": \"q\", \"data_source_names\": [\"b\"], \"x\": 1}"},
    {"tool": "search_docs", "arguments": "{\"query\": "},                                       # invalid JSON
    {"tool": "calc_area", "arguments": {"width": 2.5, "height": 4}},                             # BFCL dialect
]


def _files(tmp_path, tools=None, calls=None):
    tools_path = tmp_path / "tools.json"
    tools_path.write_text(json.dumps(tools or [SEARCH, BFCL]))
    calls_path = tmp_path / "calls.jsonl"
    calls_path.write_text("".join(json.dumps(c) + "\n" for c in (calls or CALLS)))
    return str(tools_path), str(calls_path)


def _run(*args):
    return CliRunner().invoke(main, ["replay", *args])


def test_jsonl_has_one_object_per_call_in_order_with_exactly_the_documented_keys(tmp_path):
    result = _run(*_files(tmp_path), "--output-format", "jsonl")
    assert result.exit_code == 0, result.output
    records = [json.loads(line) for line in result.stdout.splitlines()]
    assert [set(r) for r in records] == [{"index", "tool", "outcome", "arguments", "repairs", "envelope"}] * 7
    assert [r["outcome"] for r in records] == ["valid", "canonicalized", "rejected", "rejected", "valid",
                                               "rejected", "valid"]
    canonicalized = records[1]
    assert canonicalized["arguments"]["data_source_names"] == ["dotnet/eshop"]
    assert canonicalized["repairs"] == [{"path": "$.data_source_names", "rule": "scalar-for-array",
                                         "before": "dotnet/eshop", "after": ["dotnet/eshop"]}]
    missing = records[2]["envelope"]["error"]["errors"]
    assert (missing[0]["path"], missing[0]["reason"]) == ("$.query", "required")
    assert records[3]["envelope"]["error"]["code"] == "UNKNOWN_TOOL"
    assert records[5]["envelope"]["error"]["errors"][0]["reason"] == "invalid-json"
    assert records[4]["arguments"] == {"query": "q", "data_source_names": ["b"], "x": 1}


def test_summary_gives_rates_without_and_with_the_policy(tmp_path):
    tools, calls = _files(tmp_path)
    data = json.loads(_run(tools, calls, "--output-format", "json").stdout)
    assert data["outcomes"] == {"valid": 3, "canonicalized": 1, "rejected": 3}
    assert data["failure_rate_without_policy"] == round(4 / 7, 6)
    assert data["failure_rate_with_policy"] == round(3 / 7, 6)
    assert data["normalized_tools"] == 1
    assert {"tool": "search_docs", "rule": "scalar-for-array", "path": "$.data_source_names", "count": 1} \
        in data["repairs"]
    assert {"tool": "search_docs", "reason": "required", "path": "$.query", "count": 1} in data["rejections"]
    without = json.loads(_run(tools, calls, "--policy", "none", "--output-format", "json").stdout)
    assert without["outcomes"]["canonicalized"] == 0 and without["outcomes"]["rejected"] == 4


def test_table_output_names_the_figures(tmp_path):
    result = _run(*_files(tmp_path))
    assert "valid as sent" in result.stdout and "Failure rate without the policy: 57.1%" in result.stdout
    assert "normalized from a non-standard dialect" in result.stdout
    markdown = _run(*_files(tmp_path), "--output-format", "markdown").stdout
    assert "| outcome | calls | share |" in markdown


def test_rejections_and_repairs_are_tallied_by_tool_reason_and_path(tmp_path):
    other = {"name": "search_issues", "description": "Search.", "inputSchema": SEARCH["inputSchema"]}
    calls = [{"tool": tool, "arguments": arguments} for tool, arguments in (
        ("search_docs", {"data_source_names": ["a"]}), ("search_issues", {"data_source_names": ["a"]}),
        ("search_issues", {"data_source_names": ["b"]}), ("search_issues", {"query": "q", "data_source_names": "c"}))]
    files = _files(tmp_path, [SEARCH, other], calls)
    data = json.loads(_run(*files, "--output-format", "json").stdout)
    assert data["rejections"] == [{"tool": "search_issues", "reason": "required", "path": "$.query", "count": 2},
                                  {"tool": "search_docs", "reason": "required", "path": "$.query", "count": 1}]
    assert data["repairs"] == [{"tool": "search_issues", "rule": "scalar-for-array", "path": "$.data_source_names",
                                "count": 1}]
    table = _run(*files).stdout
    assert "Rejections by tool, reason and path:\n\ncount  tool           reason    path\n" \
           "2      search_issues  required  $.query\n1      search_docs    required  $.query\n" in table
    assert "1      search_issues  scalar-for-array  $.data_source_names\n" in table
    markdown = _run(*files, "--output-format", "markdown").stdout
    # `$` escaped: GitHub renders `$…$` as math.
    assert "| count | tool | reason | path |\n|---|---|---|---|\n| 2 | search_issues | required | \\$.query |" in markdown


def test_against_lists_calls_that_tightening_would_break_and_exits_1(tmp_path):
    tools, calls = _files(tmp_path)
    closed = json.loads(json.dumps(SEARCH))
    closed["inputSchema"]["additionalProperties"] = False
    tightened = tmp_path / "tight.json"
    tightened.write_text(json.dumps([closed, BFCL]))
    result = _run(tools, calls, "--against", str(tightened), "--output-format", "json")
    assert result.exit_code == 1
    assert json.loads(result.stdout)["newly_rejected"] == [
        {"index": 4, "tool": "search_docs", "errors": [{"path": "$.x", "reason": "additionalProperties"}]}]


def test_against_fails_when_a_tightened_schema_does_not_compile(tmp_path):
    """Such a tool refuses every call in production: the gate passed it, exit 0, "0 calls"."""
    tools, calls = _files(tmp_path)
    broken = json.loads(json.dumps(SEARCH))
    broken["inputSchema"]["properties"]["query"] = {"$ref": "#/$defs/missing"}
    tightened = tmp_path / "tight.json"
    tightened.write_text(json.dumps([broken, BFCL]))
    result = _run(tools, calls, "--against", str(tightened), "--output-format", "json")
    assert result.exit_code == 1
    rejected = json.loads(result.stdout)["newly_rejected"]
    assert rejected and {(r["tool"], e["reason"]) for r in rejected for e in r["errors"]} == {
        ("search_docs", "schema-does-not-compile")}
    assert "tight.json: tool search_docs: " in result.stderr and "counts as newly rejected" in result.stderr


def test_against_passes_when_tightening_breaks_no_recorded_call(tmp_path):
    tools, calls = _files(tmp_path)
    bounded = json.loads(json.dumps(SEARCH))
    bounded["inputSchema"]["properties"]["query"]["maxLength"] = 100
    tightened = tmp_path / "tight.json"
    tightened.write_text(json.dumps([bounded, BFCL]))
    result = _run(tools, calls, "--against", str(tightened))
    assert result.exit_code == 0, result.output
    assert "0 calls that pass today would be rejected" in result.stdout


def test_broken_lines_are_reported_on_stderr_and_do_not_stop_the_run(tmp_path):
    tools, calls = _files(tmp_path)
    with open(calls, "a") as handle:
        handle.write("garbage\n")
    result = _run(tools, calls, "--output-format", "json")
    assert result.exit_code == 0
    assert json.loads(result.stdout)["broken_lines"] == [
        {"file": calls, "line": 8, "column": 1, "reason": "not JSON: Expecting value"}]
    assert f"{calls}:8:1: not JSON" in result.stderr


def test_unreadable_tools_file_is_exit_2_with_a_position(tmp_path):
    tools, calls = _files(tmp_path)
    (tmp_path / "tools.json").write_text("{broken")
    result = _run(tools, calls)
    assert result.exit_code == 2
    assert "tools.json:1:2:" in result.stderr


def test_dataset_calls_reach_the_tool_they_cite_by_uid_or_inline(tmp_path):
    """Names repeat across dataset records; `tool_uid` and an inline `tool_def` say which tool."""
    strict = {"type": "object", "properties": {"n": {"type": "integer"}}, "required": ["n"]}
    loose = {"type": "object", "properties": {"n": {"type": "string"}}}
    records = [{"uid": "a", "tool": {"name": "count", "inputSchema": strict}},
               {"uid": "b", "tool": {"name": "count", "inputSchema": loose}}]
    tools = tmp_path / "tools.jsonl"
    tools.write_text("".join(json.dumps(r) + "\n" for r in records))
    calls = [{"tool": "count", "tool_uid": "b", "arguments": {"n": "x"}},   # valid against b only
             {"tool": "count", "tool_uid": "a", "arguments": {"n": "x"}},   # rejected by a
             {"tool": "count", "arguments": {"n": 1}},                       # by name: the first, a
             {"tool": "count", "tool_def": {"type": "function", "function": {"name": "count", "parameters": loose}},
              "arguments": {"n": "y"}}]
    calls_path = tmp_path / "calls.jsonl"
    calls_path.write_text("".join(json.dumps(c) + "\n" for c in calls))
    result = _run(str(tools), str(calls_path), "--output-format", "jsonl")
    assert [json.loads(line)["outcome"] for line in result.stdout.splitlines()] == [
        "valid", "rejected", "valid", "valid"]
    summary = json.loads(_run(str(tools), str(calls_path), "--output-format", "json").stdout)
    assert summary["ambiguous_tool_names"] == ["count"] and summary["tools"] == 2


JSON_VALUES = st.recursive(
    st.none() | st.booleans() | st.integers(-2**70, 2**70) | st.floats() | st.text("an\ud800", max_size=3),
    lambda inner: st.lists(inner, max_size=3) | st.dictionaries(st.text("ab", max_size=2), inner, max_size=3),
    max_leaves=10)


@settings(max_examples=500)
@given(JSON_VALUES, JSON_VALUES)
def test_inline_definitions_share_a_boundary_exactly_when_json_writes_them_alike(one, other):
    # Read for every call that carries its tool inline, so written by orjson where it can be.
    alike = json.dumps(one, sort_keys=True) == json.dumps(other, sort_keys=True)
    assert (_definition_key(one) == _definition_key(other)) == alike
    assert _definition_key(one) == _definition_key(json.loads(json.dumps(one)))


def test_against_checks_calls_that_carry_their_tool_inline_against_the_tightened_tool(tmp_path):
    loose = {"type": "object", "properties": {"n": {"type": "string"}}}
    tight = {"type": "object", "properties": {"n": {"type": "string", "maxLength": 2}}}
    tools, tightened = tmp_path / "tools.json", tmp_path / "tight.json"
    tools.write_text(json.dumps([{"name": "count", "description": "C.", "inputSchema": loose}]))
    tightened.write_text(json.dumps([{"name": "count", "description": "C.", "inputSchema": tight}]))
    call = {"tool": "count", "tool_def": {"type": "function", "function": {"name": "count", "parameters": loose}},
            "arguments": {"n": "long"}}
    calls = tmp_path / "calls.jsonl"
    calls.write_text(json.dumps(call) + "\n")
    result = _run(str(tools), str(calls), "--against", str(tightened), "--output-format", "json")
    assert result.exit_code == 1
    assert [r["index"] for r in json.loads(result.stdout)["newly_rejected"]] == [0]


def test_fail_on_rejected_gates_on_any_rejection_and_never_on_none(tmp_path):
    tools, calls = _files(tmp_path)
    assert _run(tools, calls).exit_code == 0
    assert _run(tools, calls, "--fail-on", "rejected").exit_code == 1
    assert _run(tools, calls, "--fail-on", "never").exit_code == 0


def test_fail_on_rejected_counts_calls_to_a_tool_that_cannot_be_built(tmp_path):
    """A tool whose schema does not compile checks none of its calls, and every validator
    refuses them: as a gate on its own, replay must not pass them by."""
    broken = {"type": "object", "properties": {"n": {"$ref": "#/$defs/missing"}}}
    tools, calls = tmp_path / "tools.json", tmp_path / "calls.jsonl"
    tools.write_text(json.dumps([{"name": "count", "description": "C.", "inputSchema": broken}]))
    calls.write_text(json.dumps({"tool": "count", "arguments": {"n": 1}}) + "\n")
    result = _run(str(tools), str(calls), "--fail-on", "rejected")
    assert result.exit_code == 1
    assert "its calls are not replayed" in result.stderr
    assert _run(str(tools), str(calls), "--fail-on", "never").exit_code == 0


@pytest.mark.parametrize("output_format", ["table", "json", "jsonl", "markdown"])
def test_progress_goes_to_stderr_and_never_changes_stdout(tmp_path, output_format):
    files = _files(tmp_path)
    shown, hidden = (_run(*files, "--output-format", output_format, flag) for flag in ("--progress", "--no-progress"))
    assert shown.stdout_bytes == hidden.stdout_bytes == _run(*files, "--output-format", output_format).stdout_bytes
    assert shown.stderr.splitlines()[-1].startswith(
        "schema-lint replay: 7 calls, 3 valid, 1 canonicalized, 3 rejected (")
    assert "schema-lint replay" not in hidden.stderr


def test_a_long_run_logs_a_line_every_n_calls_unless_told_not_to(tmp_path, monkeypatch):
    monkeypatch.setattr("schema_lint.run.progress.START_AFTER", 0.0)  # every run is long now
    monkeypatch.setattr("schema_lint.cli.replay.PROGRESS_EVERY", 3)
    files = _files(tmp_path)
    lines = _run(*files).stderr.splitlines()
    assert [line.split(",")[0] for line in lines] == [f"schema-lint replay: {n} calls" for n in (3, 6, 7)]
    assert _run(*files, "--no-progress").stderr == ""


def test_calls_only_the_framework_s_own_changes_canonicalize_are_no_failure_without_the_policy(tmp_path):
    """Behind an adapter, `"5"` for an integer is pydantic's lax reading, made by the framework with
    or without a policy: only the wrapped scalar is the policy's doing."""
    from schema_lint.boundary import Policy
    from schema_lint.replay.report import summary
    from schema_lint.replay.run import RecordedCall, Tally, Toolset, replay_one

    tool = {"name": "search", "inputSchema": {"type": "object", "properties": {
        "limit": {"type": "integer"}, "tags": {"type": "array", "items": {"type": "string"}}}}}
    tools, _ = _files(tmp_path, tools=[tool], calls=[{"tool": "search", "arguments": {}}])
    toolset = Toolset.load([tools], Policy.default(), frameworks={"search": "fastmcp"})
    tally = Tally()
    for index, arguments in enumerate([{"limit": "5"}, {"tags": "a"}, {"limit": "5", "tags": "a"}, {"limit": 1}]):
        tally.add(replay_one(toolset, RecordedCall(index, index, "search", arguments)))
    data = summary(tally, toolset, ["scalar-for-array"])
    assert data["outcomes"] == {"valid": 1, "canonicalized": 3, "rejected": 0}
    assert data["failure_rate_without_policy"] == 0.5 and data["failure_rate_with_policy"] == 0


def test_a_field_the_framework_fills_is_not_written_over_one_sent_under_an_alias(tmp_path):
    """openai-agents' strict schema names `display_name` (the first of its model's `AliasChoices`) and
    requires it; the call sends `displayName`, which the model reads. Its model fills `display_name`
    when it is absent, so the replay, as the adapter, hands the call on as sent: a `null` written
    into it would win over "Ana"."""
    from schema_lint.boundary import Policy
    from schema_lint.replay.run import RecordedCall, Toolset, replay_one

    recipient = {"type": "object", "additionalProperties": False, "required": ["email", "display_name"],
                 "properties": {"email": {"type": "string"},
                                "display_name": {"anyOf": [{"type": "string"}, {"type": "null"}]}}}
    tool = {"type": "function", "function": {"name": "send_invite", "strict": True, "parameters": {
        "type": "object", "additionalProperties": False, "required": ["recipient"],
        "properties": {"recipient": recipient}}}}
    tools, _ = _files(tmp_path, tools=[tool], calls=[{"tool": "send_invite", "arguments": {}}])
    toolset = Toolset.load([tools], Policy.default(), frameworks={"send_invite": "openai-agents"})
    call = {"recipient": {"email": "ana@example.com", "displayName": "Ana"}}
    result = replay_one(toolset, RecordedCall(0, 0, "send_invite", call))
    assert (result.outcome, result.arguments, result.repairs) == ("valid", call, [])
