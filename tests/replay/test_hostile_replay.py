"""`replay` on hostile traffic: one bad line or one bad tool is reported, and the run goes on, in bounded memory."""

from __future__ import annotations

import json
import os
import sys

import pytest
from click.testing import CliRunner

from schema_lint.cli import main
from schema_lint.traffic.calls import BrokenLine, RecordedCall, read_calls
from schema_lint.replay.run import DISTINCT_KEYS, EXAMPLES, CallResult, Tally

pytestmark = pytest.mark.hostile

SEARCH = {"name": "search_docs", "description": "Search.", "inputSchema": {
    "type": "object", "properties": {"query": {"type": "string"}}, "required": ["query"]}}
GOOD = json.dumps({"tool": "search_docs", "arguments": {"query": "q"}})


def _replay(tmp_path, lines: list[bytes], tools=(SEARCH,), *options):
    (tmp_path / "tools.json").write_text(json.dumps(list(tools)))
    (tmp_path / "calls.jsonl").write_bytes(b"".join(lines))
    result = CliRunner().invoke(main, ["replay", str(tmp_path / "tools.json"), str(tmp_path / "calls.jsonl"),
                                       "--output-format", "json", *options])
    assert result.exception is None or isinstance(result.exception, SystemExit), result.exception
    return result


def test_a_deep_line_and_a_lone_surrogate_are_reported_and_the_run_goes_on(tmp_path):
    deep = b'{"tool": "search_docs", "arguments": ' + b"[" * 5000 + b"]" * 5000 + b"}\n"
    surrogate = b'{"tool": "search_docs", "arguments": {"query": "\\ud800"}}\n'
    result = _replay(tmp_path, [deep, surrogate, GOOD.encode() + b"\n"])
    assert result.exit_code == 0
    data = json.loads(result.stdout)
    assert data["outcomes"] == {"valid": 1, "canonicalized": 0, "rejected": 1}
    assert [b["line"] for b in data["broken_lines"]] == [1]
    assert data["rejections"] == [{"tool": "search_docs", "reason": "not-json-value", "path": "$.query", "count": 1}]


@pytest.mark.parametrize("opening, closing", [(b"[", b"]"), (b'{"content": ', b"}"), (b'{"message": ', b"}")])
def test_a_record_nested_past_the_stack_is_searched_no_further(tmp_path, opening, closing):
    """Containers nested a thousand deep (orjson reads 1,024) made the search for calls
    raise RecursionError out of `replay`; a call inside a few containers is still found."""
    deep = opening * 1020 + b"[]" + closing * 1020 + b"\n"
    wrapped = opening * 3 + GOOD.encode() + closing * 3 + b"\n"
    result = _replay(tmp_path, [deep, wrapped])
    assert result.exit_code == 0, result.output
    data = json.loads(result.stdout)
    assert data["outcomes"] == {"valid": 1, "canonicalized": 0, "rejected": 0}
    assert [b["line"] for b in data["broken_lines"]] == [1]


def test_a_tool_whose_schema_does_not_compile_is_reported_and_the_others_replayed(tmp_path):
    broken = {"name": "bad_tool", "description": "Bad.",
              "inputSchema": {"type": "object", "properties": {"a": {"type": "strnig"}}}}
    calls = [GOOD.encode() + b"\n", json.dumps({"tool": "bad_tool", "arguments": {"a": 1}}).encode() + b"\n"]
    result = _replay(tmp_path, calls, (SEARCH, broken))
    assert result.exit_code == 0
    data = json.loads(result.stdout)
    assert data["outcomes"]["valid"] == 1 and data["calls_not_replayed"] == 1
    assert [t["tool"] for t in data["unusable_tools"]] == ["bad_tool"]
    assert "tool bad_tool: cannot compile the schema" in result.stderr


def test_broken_lines_are_counted_with_a_few_examples(tmp_path):
    result = _replay(tmp_path, [b"garbage\n"] * 5_000 + [GOOD.encode() + b"\n"])
    data = json.loads(result.stdout)
    assert data["broken_line_count"] == 5_000 and len(data["broken_lines"]) == EXAMPLES
    assert result.stderr.count("\n") == EXAMPLES + 1 and "4,980 more lines" in result.stderr


def test_tallies_keep_a_bounded_number_of_rows():
    tally = Tally()
    for n in range(3 * DISTINCT_KEYS):
        envelope = {"error": {"code": "X", "errors": [{"reason": "additionalProperties", "path": f"$.k{n}"}]}}
        tally.add(CallResult(RecordedCall(n, n, f"tool_{n % 7}", {}), "rejected", None, [], envelope))
    assert len(tally.rejections) == DISTINCT_KEYS + 1
    assert sum(tally.rejections.values()) == 3 * DISTINCT_KEYS  # nothing is lost from the counts


def test_a_truncated_last_line_is_reported_with_its_own_number(tmp_path):
    path = tmp_path / "calls.jsonl"
    path.write_bytes(GOOD.encode() + b"\n\n" + GOOD.encode()[:20])
    items = list(read_calls([str(path)]))
    assert isinstance(items[-1], BrokenLine) and items[-1].line == 3 and items[-1].reason.startswith("not JSON")


def test_bytes_that_are_not_utf8_are_reported_not_replaced(tmp_path):
    path = tmp_path / "calls.jsonl"
    path.write_bytes(GOOD.encode() + b"\n" + b'{"tool": "search_docs", "arguments": {"query": "\xff"}}\n')
    items = list(read_calls([str(path)]))
    assert isinstance(items[1], BrokenLine) and items[1].line == 2
    assert (items[1].reason, items[1].column) == ("not UTF-8: byte 0xff", 49)


def test_a_missing_calls_file_is_a_broken_line_and_the_next_file_is_read(tmp_path):
    path = tmp_path / "calls.jsonl"
    path.write_text(GOOD + "\n")
    items = list(read_calls([str(tmp_path / "missing.jsonl"), str(path)]))
    assert isinstance(items[0], BrokenLine) and "cannot read" in items[0].reason
    assert items[1].tool == "search_docs"


@pytest.mark.skipif(not os.path.exists("/dev/zero"), reason="needs /dev/zero")
def test_an_endless_line_stops_at_the_limit():
    [item] = list(read_calls(["/dev/zero"]))
    assert isinstance(item, BrokenLine) and "longer than" in item.reason


def test_control_characters_from_the_input_are_escaped_in_the_text_report(tmp_path):
    evil = "evil\x1b]0;pwned\x07"
    broken = {"name": evil, "description": "Bad.", "inputSchema": {"type": "object", "properties": {"a": {"type": 1}}}}
    (tmp_path / "tools.json").write_text(json.dumps([SEARCH, broken]))
    calls = tmp_path / "calls\x1b[2J.jsonl"
    calls.write_text("garbage\n" + json.dumps({"tool": evil, "arguments": {}}) + "\n")
    result = CliRunner().invoke(main, ["replay", str(tmp_path / "tools.json"), str(calls)])
    for stream in (result.stdout, result.stderr):
        assert "\x1b" not in stream and "\x07" not in stream
    assert "evil\\x1b]0;pwned\\x07" in result.stdout and "calls\\x1b[2J.jsonl" in result.stdout


def test_a_table_row_with_an_escaped_name_keeps_its_columns(tmp_path):
    """Widths were measured before the names' control characters were written out: the
    escaped name's row ran past the others' columns."""
    tab = {**SEARCH, "name": "tab\tbed"}
    lines = [json.dumps({"tool": name, "arguments": {"query": 5}}).encode() + b"\n" for name in ("search_docs", "tab\tbed")]
    (tmp_path / "tools.json").write_text(json.dumps([SEARCH, tab]))
    (tmp_path / "calls.jsonl").write_bytes(b"".join(lines))
    result = CliRunner().invoke(main, ["replay", str(tmp_path / "tools.json"), str(tmp_path / "calls.jsonl")])
    rows = [line for line in result.stdout.splitlines() if line.endswith("$.query")]
    assert len(rows) == 2 and "tab\\tbed" in rows[1]
    assert rows[0].index("$.query") == rows[1].index("$.query")


def test_a_long_tool_name_is_clipped_in_the_table_and_whole_in_json(tmp_path):
    """A name of millions of characters printed whole, once per table row."""
    long = {**SEARCH, "name": "a" * 100_000}
    result = _replay(tmp_path, [json.dumps({"tool": long["name"], "arguments": {"query": 5}}).encode() + b"\n"], (long,))
    assert json.loads(result.stdout)["rejections"][0]["tool"] == long["name"]
    table = CliRunner().invoke(main, ["replay", str(tmp_path / "tools.json"), str(tmp_path / "calls.jsonl")])
    assert table.exit_code == 0 and len(table.stdout) < 2_000 and "(100,000 characters)" in table.stdout


@pytest.mark.skipif(sys.platform == "win32", reason="POSIX file names")
def test_a_calls_file_name_that_is_not_utf8_reaches_every_format(tmp_path):
    name = os.fsdecode(b"calls-\xff.jsonl")
    (tmp_path / name).write_text("garbage\n" + GOOD + "\n")  # one call: a file of none is refused (exit 2)
    (tmp_path / "tools.json").write_text(json.dumps([SEARCH]))
    for output_format in ("json", "table", "markdown"):
        result = CliRunner().invoke(main, ["replay", str(tmp_path / "tools.json"), str(tmp_path / name),
                                           "--output-format", output_format])
        assert result.exit_code == 0, result.output
        assert "calls-" in result.stdout


def test_a_value_past_the_backtracking_budget_is_a_rejection_not_a_traceback(tmp_path):
    tool = {"name": "lookup_sku", "description": "Look up.", "inputSchema": {
        "type": "object", "properties": {"sku": {"type": "string", "pattern": "^(?=[A-Z])(\\w+\\s?)*(?<!-)$"}}}}
    call = json.dumps({"tool": "lookup_sku", "arguments": {"sku": "A" + "w" * 5000 + "!"}}).encode() + b"\n"
    result = _replay(tmp_path, [call], (tool,))
    assert result.exit_code == 0, result.output
    assert json.loads(result.stdout)["outcomes"] == {"valid": 0, "canonicalized": 0, "rejected": 1}


@pytest.mark.parametrize("options", [["--against", "TIGHT"], ["--fail-on", "rejected"], []])
def test_a_gate_that_read_no_call_fails_with_exit_2(tmp_path, options):
    """A missing calls file (a typo, an artifact not downloaded) or one whose every line is
    broken replays nothing: exit 2, as `infer` and `check --calls` do, not "0 calls would be
    rejected" and exit 0."""
    (tmp_path / "tools.json").write_text(json.dumps([SEARCH]))
    options = [str(tmp_path / "tools.json") if o == "TIGHT" else o for o in options]
    missing = CliRunner().invoke(main, ["replay", str(tmp_path / "tools.json"), str(tmp_path / "goood.jsonl"), *options])
    assert missing.exit_code == 2, missing.output
    assert f"schema-lint: error: {tmp_path / 'goood.jsonl'}: cannot read: " in missing.stderr
    broken = _replay(tmp_path, [b"\xff\xff\n", b"{bad\n"], (SEARCH,), *options)
    assert broken.exit_code == 2 and "calls.jsonl:2:2: not JSON" in broken.stderr
    assert "no recorded call found" in broken.stderr
    # One readable call beside the broken lines: the gate ran, its usual exit stands.
    mixed = _replay(tmp_path, [b"{bad\n", GOOD.encode() + b"\n"], (SEARCH,), *options)
    assert mixed.exit_code == 0, mixed.output


@pytest.mark.parametrize("lines", [[], [b"\n", b"  \n", b"\r\n"]])
def test_a_calls_file_with_no_line_at_all_fails_with_exit_2_too(tmp_path, lines):
    """An empty file (an export that wrote nothing) holds no call either: it passed with exit 0."""
    result = _replay(tmp_path, lines, (SEARCH,), "--fail-on", "rejected")
    assert result.exit_code == 2 and "no recorded call found" in result.stderr


def test_a_line_cut_short_is_reported_on_its_own_line_not_the_next(tmp_path):
    """The line's own break was read as JSON's next line: the error named the line after it."""
    cut = GOOD.encode()[:-2]  # `{"tool": …, "arguments": {"query": "q"`: the closing braces lost
    result = _replay(tmp_path, [GOOD.encode() + b"\n", cut + b"\n", GOOD.encode() + b"\n"])
    assert result.exit_code == 0
    data = json.loads(result.stdout)
    assert [b["line"] for b in data["broken_lines"]] == [2] and data["outcomes"]["valid"] == 2
    assert (data["broken_lines"][0]["reason"], data["broken_lines"][0]["column"]) == ("not JSON: Expecting ',' delimiter", len(cut) + 1)


def test_a_call_citing_a_uid_the_tools_lack_is_not_replayed_against_another_record_of_its_name(tmp_path):
    """Replayed against a folder of tool files, a dataset's calls cite record uids the folder
    does not hold: a name two records share was replayed against the first of them, and its
    calls rejected for a schema they were never made for (707 rejections against 243)."""
    by_count = {"name": "get_stock", "description": "Get.", "inputSchema": {
        "type": "object", "properties": {"count": {"type": "integer"}}, "required": ["count"]}}
    by_symbol = {"name": "get_stock", "description": "Get.", "inputSchema": {
        "type": "object", "properties": {"symbol": {"type": "string"}}, "required": ["symbol"]}}
    lonely = {**SEARCH}
    calls = [{"tool": "get_stock", "arguments": {"symbol": "ACME"}, "tool_uid": "bfcl:elsewhere"},
             {"tool": "search_docs", "arguments": {"query": "q"}, "tool_uid": "bfcl:elsewhere-too"}]
    result = _replay(tmp_path, [json.dumps(call).encode() + b"\n" for call in calls], (by_count, by_symbol, lonely))
    data = json.loads(result.stdout)
    assert data["outcomes"] == {"valid": 1, "canonicalized": 0, "rejected": 0}  # one tool of its name: that one
    assert data["calls_not_replayed"] == 1 and data["calls_citing_unknown_uids"] == 1
    assert result.exit_code == 0
    gate = _replay(tmp_path, [json.dumps(calls[0]).encode() + b"\n"], (by_count, by_symbol), "--fail-on", "rejected")
    assert gate.exit_code == 1  # not checked is not passed
