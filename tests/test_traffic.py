"""`check --calls`: values from recorded traffic, and the gate no tightening fix may fail."""

from __future__ import annotations

import json

from click.testing import CliRunner

from schema_lint.cli import main
from schema_lint.traffic import MIN_SAMPLE, round_bound

TOOL = {"name": "create_ticket", "description": "Create a ticket.", "inputSchema": {
    "type": "object", "properties": {
        "title": {"type": "string"}, "tags": {"type": "array", "items": {"type": "string", "maxLength": 9}},
        "note": {"type": "string", "maxLength": 50}}}}


def _fixes(tmp_path, calls, select="SL101,SL201,SL301,SL302", tool=TOOL):
    tools, recorded = tmp_path / "tools.json", tmp_path / "calls.jsonl"
    tools.write_text(json.dumps(tool))
    recorded.write_text("".join(json.dumps({"tool": "create_ticket", "arguments": c}) + "\n" for c in calls))
    result = CliRunner().invoke(main, ["check", "--select", select, "--unsafe-fixes", "--output-format", "json",
                                       "--calls", str(recorded), str(tools)])
    return {(d["code"], d["pointer"].removeprefix("/inputSchema")): d for d in json.loads(result.output)}


def _calls(count):
    return [{"title": "t" * (n % 30 + 1), "tags": ["a"] * (n % 4)} for n in range(count)]


def test_values_come_from_the_traffic_with_their_evidence(tmp_path):
    found = _fixes(tmp_path, _calls(MIN_SAMPLE))
    title = found[("SL301", "/properties/title")]["fix"]
    assert title["description"] == f"add `maxLength: 64` ({MIN_SAMPLE} recorded calls, longest 20)"
    tags = found[("SL302", "/properties/tags")]["fix"]
    assert tags["description"].startswith("add `maxItems: 8`") and "longest 3 items" in tags["description"]
    required = found[("SL101", "")]["fix"]
    assert required["description"] == f"require title, tags ({MIN_SAMPLE} recorded calls, each with title, tags)"
    closed = found[("SL201", "")]["fix"]
    assert "none with another key" in closed["description"]


def test_too_few_calls_propose_no_value(tmp_path):
    found = _fixes(tmp_path, _calls(MIN_SAMPLE - 1))
    assert all(d["fix"] is None for d in found.values())


def test_an_undeclared_key_in_the_traffic_keeps_the_object_open(tmp_path):
    found = _fixes(tmp_path, [*_calls(MIN_SAMPLE), {"title": "x", "sender_id": "u1"}])
    assert found[("SL201", "")]["fix"] is None


def test_a_fix_that_would_reject_a_recorded_call_is_withheld_and_says_which(tmp_path):
    tool = {**TOOL, "inputSchema": {**TOOL["inputSchema"], "properties": {
        "title": {"type": "string", "description": "At most 10 characters."}}}}
    found = _fixes(tmp_path, [{"title": "a much longer title than ten"}], select="SL301", tool=tool)
    (finding,) = found.values()
    assert finding["fix"] is None
    assert "no fix: it would reject 1 of 1 recorded calls that pass today, such as" in finding["message"]


def test_round_bound_leaves_headroom():
    assert [round_bound(n) for n in (0, 1, 20, 32, 33, 300)] == [2, 2, 64, 64, 128, 1024]


def test_recorded_calls_can_come_from_the_configuration(tmp_path, monkeypatch):
    monkeypatch.chdir(tmp_path)
    tool = {**TOOL, "inputSchema": {**TOOL["inputSchema"], "properties": {"title": {"type": "string"}}}}
    (tmp_path / "tools.json").write_text(json.dumps(tool))
    (tmp_path / "traces").mkdir()
    (tmp_path / "traces" / "calls.jsonl").write_text(
        "".join(json.dumps({"tool": "create_ticket", "arguments": {"title": "x" * 10}}) + "\n"
                for _ in range(MIN_SAMPLE)))
    (tmp_path / ".schema-lint.toml").write_text('calls = ["traces/calls.jsonl"]\n')
    result = CliRunner().invoke(main, ["check", "--select", "SL301", "--unsafe-fixes", "--output-format", "json",
                                       "tools.json"])
    (finding,) = json.loads(result.output)
    assert finding["fix"]["description"].startswith("add `maxLength: 32`")
