"""`infer --emit-summary`, `infer`/`check --calls-summary`: the traffic summary as a file,
merged from parts, taken as evidence and gate as `--calls` takes the calls (the merge laws
are tests/properties/test_traffic_summary_laws.py)."""

from __future__ import annotations

import json
import os

import pytest
from click.testing import CliRunner

from schema_lint.cli import main
from schema_lint.gate import RECORDED_CALLS, gated
from schema_lint.gate.recorded_summary import REJECTS, UNDECIDED
from schema_lint.model import Diagnostic, Fix, FixSafety, Operation, Severity
from schema_lint.traffic.summary import ToolSummary
from schema_lint.traffic.traffic_summary import TrafficSummary

TOOL = {"name": "create_ticket", "description": "Create a ticket.", "inputSchema": {
    "type": "object", "properties": {
        "title": {"type": "string"}, "tags": {"type": "array", "items": {"type": "string"}},
        "priority": {"type": "integer"}, "reporter_email": {"type": "string"}}}}


def _calls(start: int, count: int) -> list[dict]:
    # Priorities sent as often as each other, first seen in another order in each part.
    return [{"tool": "create_ticket", "arguments": {
        "title": "t" * (n % 30 + 1), "tags": ["a"] * (n % 4), "priority": (n * 7 + start) % 5,
        "reporter_email": f"user{n}@example.com"}} for n in range(start, start + count)]


def _files(tmp_path):
    tools = tmp_path / "tools.json"
    tools.write_text(json.dumps(TOOL))
    paths = []
    for index, calls in enumerate([_calls(0, 30), _calls(30, 25), [*_calls(55, 5), {"tool": "elsewhere", "arguments": {}}]]):
        path = tmp_path / f"part{index}.jsonl"
        path.write_text("".join(json.dumps(call) + "\n" for call in calls))
        paths.append(str(path))
    whole = tmp_path / "whole.jsonl"
    whole.write_text("".join(open(path).read() for path in paths))
    return str(tools), paths, str(whole)


def _run(*args):
    return CliRunner().invoke(main, list(args))


def test_summaries_of_the_parts_merge_into_the_summary_and_report_of_the_whole(tmp_path):
    tools, parts, whole = _files(tmp_path)
    summaries = []
    for index, part in enumerate(parts):
        summaries.append(str(tmp_path / f"part{index}.summary"))
        assert _run("infer", part, "--tools", tools, "--emit-summary", summaries[-1]).exit_code == 0
    given = [flag for path in reversed(summaries) for flag in ("--calls-summary", path)]
    merged = _run("infer", "--tools", tools, *given, "--emit-summary", str(tmp_path / "merged.summary"),
                  "--output-format", "json")
    direct = _run("infer", whole, "--tools", tools, "--emit-summary", str(tmp_path / "whole.summary"),
                  "--output-format", "json")
    assert merged.exit_code == direct.exit_code == 0, merged.output
    assert (tmp_path / "merged.summary").read_bytes() == (tmp_path / "whole.summary").read_bytes()
    report = json.loads(direct.output)
    assert json.loads(merged.output) == report and report["calls"] == 61
    given = [flag for path in summaries for flag in ("--calls-summary", path)]
    assert _run("infer", "--tools", tools, *given).output == _run("infer", whole, "--tools", tools).output


def test_check_takes_evidence_and_fixes_from_a_summary_as_from_the_calls(tmp_path):
    tools, _, whole = _files(tmp_path)
    assert _run("infer", whole, "--tools", tools, "--emit-summary", str(tmp_path / "s")).exit_code == 0
    common = ["check", tools, "--unsafe-fixes", "--output-format", "json", "--select", "SL101,SL201,SL301,SL302,SL304"]
    from_calls, from_summary = _run(*common, "--calls", whole), _run(*common, "--calls-summary", str(tmp_path / "s"))
    assert from_summary.exit_code == from_calls.exit_code == 1
    findings = json.loads(from_summary.output)
    assert findings == json.loads(from_calls.output)
    assert {d["code"] for d in findings if d["fix"]} == {"SL101", "SL201", "SL301", "SL302", "SL304"}
    assert any("60 recorded calls" in d["fix"]["description"] for d in findings if d["fix"])


def test_check_says_when_a_summary_holds_a_tool_s_calls_under_another_definition(tmp_path):
    """Made with tool files that lack the tool, a summary only counts its calls: `check` used
    no evidence for it and said nothing."""
    tools, _, whole = _files(tmp_path)
    other = tmp_path / "other.json"
    other.write_text(json.dumps({**TOOL, "name": "close_ticket"}))
    assert _run("infer", whole, "--tools", str(other), "--emit-summary", str(tmp_path / "s")).exit_code == 0
    result = _run("check", tools, "--calls-summary", str(tmp_path / "s"))
    assert "warning: calls to create_ticket (60) were summarised under another definition of the tool" in result.stderr
    assert _run("infer", whole, "--tools", tools, "--emit-summary", str(tmp_path / "same")).exit_code == 0
    assert "another definition" not in _run("check", tools, "--calls-summary", str(tmp_path / "same")).stderr


def test_emit_summary_writes_only_when_the_summary_changed(tmp_path):
    tools, parts, _ = _files(tmp_path)
    target = tmp_path / "s"
    assert _run("infer", parts[0], "--tools", tools, "--emit-summary", str(target)).exit_code == 0
    os.utime(target, (1, 1))
    assert _run("infer", parts[0], "--tools", tools, "--emit-summary", str(target)).exit_code == 0
    assert target.stat().st_mtime == 1
    assert _run("infer", parts[1], "--tools", tools, "--emit-summary", str(target)).exit_code == 0
    assert target.stat().st_mtime != 1


def test_infer_needs_calls_or_a_summary(tmp_path):
    tools, _, _ = _files(tmp_path)
    result = _run("infer", "--tools", tools)
    assert result.exit_code == 2 and "give recorded CALLS, or a --calls-summary" in result.output


@pytest.mark.hostile
@pytest.mark.parametrize("content, said", [
    (b"\xff\xfe", "not a traffic summary"),
    (b'{"calls": 3}', "not a traffic summary (`schema-lint infer --emit-summary` writes one)"),
    (b'{"format": "schema-lint traffic summary", "version": 99}', "traffic summary version 99"),
    (b"[" * 100_000, "not a traffic summary"),
])
def test_a_file_that_is_no_summary_stops_the_run_and_says_why(tmp_path, content, said):
    tools, _, _ = _files(tmp_path)
    bad = tmp_path / "bad.summary"
    bad.write_bytes(content)
    for command in (["check", tools], ["infer", "--tools", tools]):
        result = _run(*command, "--calls-summary", str(bad))
        assert result.exit_code == 2 and said in result.output and "Traceback" not in result.output, result.output


@pytest.mark.hostile
@pytest.mark.parametrize("path, said", [("/dev/zero", "not a regular file (a character device)"),
                                        ("missing.summary", "cannot read file: No such file or directory")])
def test_only_a_regular_file_is_read_as_a_summary(tmp_path, path, said):
    tools, _, _ = _files(tmp_path)
    result = _run("check", tools, "--calls-summary", path)
    assert result.exit_code == 2 and said in result.output, result.output


@pytest.mark.hostile
def test_a_summary_with_a_wrong_shape_is_refused_where_it_is_wrong(tmp_path):
    good = TrafficSummary()
    good.tools[("name", "create_ticket")] = ToolSummary()
    good.tools[("name", "create_ticket")].add({"title": "x"})
    data = json.loads(good.to_bytes())
    data["tools"][0][1]["fields"]["/properties/title"]["lengths"]["smallest"] = "short"
    with pytest.raises(ValueError, match="at /tools/0/1/fields/~1properties~1title/lengths/smallest"):
        TrafficSummary.from_bytes(json.dumps(data).encode())
    # A call's tool name that escapes half a surrogate pair: the validator cannot read it (it raised).
    data["tools"][0][1]["fields"]["/properties/title"]["lengths"]["smallest"] = 1
    data["other_tools"]["names"] = {"\ud800": 1}
    with pytest.raises(ValueError, match="a string in it is no valid Unicode text"):
        TrafficSummary.from_bytes(json.dumps(data).encode())


@pytest.mark.hostile
def test_an_integer_too_large_for_a_float_is_summarised(tmp_path):
    tools, _, _ = _files(tmp_path)
    calls = tmp_path / "calls.jsonl"
    calls.write_text('{"tool": "create_ticket", "arguments": {"priority": 1' + "0" * 400 + "}}\n")
    result = _run("infer", str(calls), "--tools", tools, "--output-format", "json")
    assert result.exit_code == 0, result.output
    assert json.loads(result.output)["tools"][0]["fields"][1]["range"] == [10 ** 400, 10 ** 400]


def _diagnostic(*operations: Operation) -> Diagnostic:
    return Diagnostic("SL301", "unbounded-string", Severity.INFO, "m", "t.json", "/properties/title",
                      fix=Fix("tighten", FixSafety.UNSAFE, operations))


@pytest.mark.parametrize("operation, verdict", [
    (Operation("add", "/properties/title/maxLength", 64), None),
    (Operation("add", "/properties/title/maxLength", 20), REJECTS),
    (Operation("add", "/properties/title/minLength", 1), None),
    (Operation("add", "/properties/title/enum", ["short", "x" * 30]), None),
    (Operation("add", "/properties/title/enum", ["short"]), REJECTS),
    (Operation("add", "/properties/count/maximum", 10), None),
    (Operation("add", "/properties/count/exclusiveMaximum", 3), None),
    (Operation("add", "/properties/count/exclusiveMaximum", 2), REJECTS),
    (Operation("add", "/additionalProperties", False), None),
    (Operation("add", "/required", ["title", "count"]), None),
    (Operation("add", "/required", ["note"]), REJECTS),
    (Operation("add", "/properties/note/maxLength", 1), None),  # nothing was sent there
    (Operation("add", "/properties/title/pattern", "^s"), UNDECIDED),
    (Operation("add", "/properties/title/format", "hostname"), UNDECIDED),
    (Operation("add", "/anyOf", [{"required": ["title"]}]), UNDECIDED),
    (Operation("remove", "/properties/count/type"), None),
    (Operation("remove", "/properties/title"), UNDECIDED),  # a property, not a keyword
])
def test_the_summary_gate_passes_only_what_the_summary_shows_safe(operation, verdict):
    schema = {"type": "object", "properties": {"title": {"type": "string"}, "count": {"type": "integer"},
                                               "note": {"type": "string"}}}
    summary = ToolSummary()
    for n in range(30):
        summary.add({"title": "short" if n % 2 else "x" * 30, "count": n % 3})
    kept = gated([_diagnostic(operation)], schema, "", summary=summary)[0]
    assert (kept.withheld is None) if verdict is None else (kept.withheld.gate == RECORDED_CALLS
                                                            and kept.withheld.reason == verdict)
