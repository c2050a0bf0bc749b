"""`schema-lint infer`: what recorded calls sent, per tool and field, in three formats."""

from __future__ import annotations

import json

import pytest
from click.testing import CliRunner

from schema_lint.cli import main
from schema_lint.cli.infer import data_path
from schema_lint.traffic.other_tools import NAMES_LISTED

TOOLS = [{"name": "search", "description": "Search.", "inputSchema": {"type": "object", "properties": {
    "query": {"type": "string"}, "sort": {"type": "string"}, "tags": {"type": "array", "items": {"type": "string"}},
    "filters": {"type": "object", "properties": {"since": {"type": "string"}}}}}},
    {"name": "unused", "description": "Never called.", "inputSchema": {"type": "object"}}]


def _calls():
    for n in range(40):
        call = {"query": "q" * (n + 1), "sort": ["asc", "desc"][n % 2], "tags": ["t"] * (n % 3),
                "filters": {"since": f"2026-02-{n % 28 + 1:02d}"}}
        if n % 4 == 0:
            call["debug"] = True
            del call["sort"]
        yield {"tool": "search", "arguments": call}


def _infer(tmp_path, *extra):
    tools, calls = tmp_path / "tools.json", tmp_path / "calls.jsonl"
    tools.write_text(json.dumps(TOOLS))
    calls.write_text("".join(json.dumps(call) + "\n" for call in _calls()))
    return CliRunner().invoke(main, ["infer", str(calls), "--tools", str(tools), *extra])


def test_json_reports_the_numbers_fixes_use(tmp_path):
    result = _infer(tmp_path, "--output-format", "json", "--all-tools")
    assert result.exit_code == 0, result.output
    data = json.loads(result.output)
    assert (data["calls"], data["tools_without_calls"], data["calls_to_other_tools"]) == (40, 1, 0)
    search, unused = data["tools"]
    assert (search["calls"], unused["calls"], unused["fields"]) == (40, 0, [])
    assert (search["file"], search["pointer"]) == (str(tmp_path / "tools.json"), "/0/inputSchema")
    fields = {field["field"]: field for field in search["fields"]}
    assert fields["(arguments)"]["undeclared_keys"] == ["debug"]
    assert fields["sort"]["presence"] == 0.75 and fields["sort"]["values"] == {'"desc"': 20, '"asc"': 10}
    assert fields["query"]["length"]["max"] == 40 and abs(fields["query"]["length"]["p50"] - 20) <= 1
    assert fields["query"]["distinct"] == {"count": 40, "exact": True}
    assert fields["tags"]["items"]["max"] == 2 and fields["tags[]"]["types"] == {"string": 39}
    assert fields["filters.since"]["formats"] == {"date": 1.0}
    assert fields["debug"]["declared"] is False and fields["query"]["declared"] is True


def test_the_table_names_each_tool_and_field(tmp_path):
    result = _infer(tmp_path)
    assert result.exit_code == 0
    lines = result.output.splitlines()
    assert "search: 40 calls" in lines and not any(line.startswith("unused") for line in lines)
    (sort,) = [line for line in lines if line.strip().startswith("sort ")]
    assert "75%" in sort and '"desc"×20, "asc"×10' in sort
    assert any(line.strip().startswith("debug (undeclared)") for line in lines)
    assert lines[-2:] == ["40 calls read", "1 tool with no recorded call (--all-tools lists them)"]
    assert "unused: 0 calls" in _infer(tmp_path, "--all-tools").output.splitlines()


def test_markdown_is_a_table_per_tool(tmp_path):
    result = _infer(tmp_path, "--output-format", "markdown")
    assert "### search: 40 calls" in result.output
    assert "| field | sent | present |" in result.output


def test_an_unreadable_tools_file_is_exit_2_and_calls_file_too(tmp_path):
    bad = tmp_path / "tools.json"
    bad.write_text("{not json")
    calls = tmp_path / "calls.jsonl"
    calls.write_text("")
    result = CliRunner().invoke(main, ["infer", str(calls), "--tools", str(bad)])
    assert result.exit_code == 2 and f"{bad}:1:" in result.output and "Traceback" not in result.output
    missing = CliRunner().invoke(main, ["infer", str(tmp_path / "none.jsonl"), "--tools", str(bad)])
    assert missing.exit_code == 2 and "cannot read" in missing.output


def test_hostile_values_cannot_steer_the_terminal(tmp_path):
    tools, calls = tmp_path / "tools.json", tmp_path / "calls.jsonl"
    tools.write_text(json.dumps(TOOLS[:1]))
    calls.write_text(json.dumps({"tool": "search", "arguments": {"sort": "\x1b[31mred", "\x1b]0;x\x07": 1}}) + "\n")
    result = CliRunner().invoke(main, ["infer", str(calls), "--tools", str(tools)])
    assert "\x1b" not in result.output and "\x07" not in result.output


@pytest.mark.parametrize("pointer, path", [
    ("", "(arguments)"), ("/properties/a", "a"), ("/properties/a/items/properties/b", "a[].b"),
    ("/properties/properties/properties/x", "properties.x"), ("/items", "[]"),
])
def test_data_paths_read_like_the_calls(pointer, path):
    assert data_path(pointer) == path


def _write(tmp_path, tools, calls):
    (tmp_path / "tools.json").write_text(json.dumps(tools))
    (tmp_path / "calls.jsonl").write_text("".join(json.dumps(call) + "\n" for call in calls))
    return str(tmp_path / "calls.jsonl"), str(tmp_path / "tools.json")


def test_a_call_carrying_its_tool_counts_for_that_tool_only(tmp_path):
    first = {"name": "send_email", "description": "Send.", "inputSchema": {
        "type": "object", "properties": {"to": {"type": "string"}}}}
    second = {"name": "send_email", "description": "Send.", "inputSchema": {
        "type": "object", "properties": {"subject": {"type": "string"}}}}
    calls = [{"tool": "send_email", "tool_def": second, "arguments": {"subject": "hi"}}] * 3
    calls_file, tools_file = _write(tmp_path, [first, second], calls)
    data = json.loads(CliRunner().invoke(main, ["infer", calls_file, "--tools", tools_file, "--output-format",
                                                "json", "--all-tools"]).output)
    assert [(t["pointer"], t["calls"]) for t in data["tools"]] == [("/0/inputSchema", 0), ("/1/inputSchema", 3)]
    table = CliRunner().invoke(main, ["infer", calls_file, "--tools", tools_file]).output
    assert f"send_email ({tools_file}#/1/inputSchema): 3 calls" in table


def test_calls_naming_only_a_shared_name_say_so_and_calls_to_other_tools_are_counted(tmp_path):
    tool = {"name": "lookup", "description": "Look up.", "inputSchema": {"type": "object"}}
    calls = [{"tool": "lookup", "arguments": {}}, {"tool": "elsewhere", "arguments": {"x": 1e400}}]
    calls_file, tools_file = _write(tmp_path, [tool, {**tool, "description": "Again."}], calls)
    result = CliRunner().invoke(main, ["infer", calls_file, "--tools", tools_file])
    assert "1 call; by name, as for 1 other tool of that name" in result.output
    assert result.output.splitlines()[-1] == "1 call to tools not in the tool files: elsewhere"


def test_json_output_stays_json_for_numbers_past_a_double(tmp_path):
    tool = {"name": "lookup", "description": "Look up.", "inputSchema": {"type": "object", "properties": {
        "n": {"type": "number"}}}}
    calls_file, tools_file = _write(tmp_path, [tool], [{"tool": "lookup", "arguments": {"n": 1e400}},
                                                       {"tool": "lookup", "arguments": {"n": 2}}])
    output = CliRunner().invoke(main, ["infer", calls_file, "--tools", tools_file, "--output-format", "json"]).output
    assert "Infinity" not in output.replace('"Infinity"', "")
    (n,) = [f for f in json.loads(output)["tools"][0]["fields"] if f["field"] == "n"]
    assert n["range"] == [2, 2]


def test_stdin_is_read_once_and_empty_or_shapeless_calls_are_warned_about(tmp_path):
    calls_file, tools_file = _write(tmp_path, TOOLS, [{"tool": "search", "arguments": "not an object"}])
    twice = CliRunner().invoke(main, ["infer", "-", "--tools", "-"], input="")
    assert twice.exit_code == 2 and "stdin (-) can be read only once" in twice.output
    shapeless = CliRunner().invoke(main, ["infer", calls_file, "--tools", tools_file])
    assert "1 recorded call whose arguments are not a JSON object" in shapeless.output
    assert "no recorded call found in" in shapeless.output


def test_the_names_estimated_past_the_listed_ones_are_never_more_than_their_calls(tmp_path):
    """Each call names one tool: 1,200 calls, each to a name of its own, were put at ~1,223 names."""
    others = [{"tool": f"tool_{n}", "arguments": {}} for n in range(NAMES_LISTED + 1_200)]
    calls_file, tools_file = _write(tmp_path, TOOLS, others)
    data = json.loads(CliRunner().invoke(main, ["infer", calls_file, "--tools", tools_file, "--output-format",
                                                "json"]).output)
    unlisted = data["other_tools_not_listed"]
    assert unlisted == {"calls": 1_200, "names": 1_200, "exact": False}


def test_a_summary_given_as_calls_says_which_option_reads_it(tmp_path):
    lookup = {"name": "lookup", "description": "Look up.", "inputSchema": {"type": "object"}}
    calls_file, tools_file = _write(tmp_path, [lookup], [{"tool": "lookup", "arguments": {}}])
    summary = str(tmp_path / "calls.summary")
    CliRunner().invoke(main, ["infer", calls_file, "--tools", tools_file, "--emit-summary", summary])
    result = CliRunner().invoke(main, ["infer", summary, "--tools", tools_file])
    assert f"{summary}:1:1: warning: a traffic summary, not calls: pass it with --calls-summary" in result.stderr


def test_the_hint_to_list_tools_without_calls_is_given_only_without_all_tools(tmp_path):
    lookup = {"name": "lookup", "description": "Look up.", "inputSchema": {"type": "object"}}
    calls_file, tools_file = _write(tmp_path, [lookup, {**lookup, "name": "idle"}], [{"tool": "lookup", "arguments": {}}])
    hinted = CliRunner().invoke(main, ["infer", calls_file, "--tools", tools_file]).output
    assert "1 tool with no recorded call (--all-tools lists them)" in hinted
    listed = CliRunner().invoke(main, ["infer", calls_file, "--tools", tools_file, "--all-tools"]).output
    assert "idle: 0 calls" in listed and "1 tool with no recorded call\n" in listed and "--all-tools" not in listed


def test_calls_summarised_with_other_tool_files_are_not_said_to_be_to_tools_not_in_these(tmp_path):
    lookup = {"name": "lookup", "description": "Look up.", "inputSchema": {"type": "object"}}
    calls_file, other_tools = _write(tmp_path, [{**lookup, "name": "other"}], [{"tool": "lookup", "arguments": {}}] * 2)
    summary = str(tmp_path / "calls.summary")
    assert CliRunner().invoke(main, ["infer", calls_file, "--tools", other_tools, "--emit-summary", summary]).exit_code == 0
    tools_file = tmp_path / "lookup.json"
    tools_file.write_text(json.dumps([lookup]), encoding="utf-8")
    result = CliRunner().invoke(main, ["infer", "--calls-summary", summary, "--tools", str(tools_file)])
    assert "not in the tool files" not in result.output
    assert result.output.splitlines()[-1].startswith("2 calls to lookup summarised under another definition of the tool")
    data = json.loads(CliRunner().invoke(main, ["infer", "--calls-summary", summary, "--tools", str(tools_file),
                                                "--output-format", "json"]).output)
    assert data["calls_to_other_tools"] == 0 and data["calls_to_other_definitions"] == {"lookup": 2}


def test_names_of_tools_not_in_the_tool_files_are_listed_up_to_a_cap_and_the_rest_counted(tmp_path):
    others = [{"tool": f"other_{n}", "arguments": {}} for n in range(NAMES_LISTED + 10)]
    calls_file, tools_file = _write(tmp_path, TOOLS, [*others, {"tool": "other_0", "arguments": {}}])
    data = json.loads(CliRunner().invoke(main, ["infer", calls_file, "--tools", tools_file, "--output-format",
                                                "json"]).output)
    assert data["calls_to_other_tools"] == NAMES_LISTED + 11 and len(data["other_tools"]) == NAMES_LISTED
    assert data["other_tools_not_listed"] == {"calls": 10, "names": 10, "exact": True}
    table = CliRunner().invoke(main, ["infer", calls_file, "--tools", tools_file]).output
    assert table.splitlines()[-1] == ("1,011 calls to tools not in the tool files: other_0, other_1, other_10, … "
                                      "and 10 calls to 10 more names (names past the first 1,000 are only counted)")


def _chat(call_id: str, city: str) -> dict:
    return {"role": "assistant", "content": None, "tool_calls": [
        {"id": call_id, "type": "function", "function": {"name": "search", "arguments": json.dumps({"query": city})}}]}


def test_a_call_a_later_file_logs_again_is_read_once(tmp_path):
    """Logs split by day: the next day's request repeats yesterday's call in its history. Read
    as one run, as `replay` reads them, the call is one; each file on its own counted it twice."""
    (tmp_path / "tools.json").write_text(json.dumps(TOOLS))
    day1, day2 = tmp_path / "day1.jsonl", tmp_path / "day2.jsonl"
    day1.write_text(json.dumps({"choices": [{"message": _chat("call_1", "Paris")}]}) + "\n")
    day2.write_text(json.dumps({"messages": [{"role": "user", "content": "Paris?"}, _chat("call_1", "Paris"),
                                             {"role": "tool", "tool_call_id": "call_1", "content": "ok"}]}) + "\n"
                    + json.dumps({"choices": [{"message": _chat("call_2", "Rome")}]}) + "\n")
    result = CliRunner().invoke(main, ["infer", str(day1), str(day2), "--tools", str(tmp_path / "tools.json"),
                                       "--output-format", "json"])
    assert json.loads(result.output)["calls"] == 2


def test_a_call_whose_arguments_are_no_object_is_counted_for_its_tool(tmp_path):
    """The model broke off its JSON: the call was made, and its tool is no tool without calls."""
    (tmp_path / "tools.json").write_text(json.dumps(TOOLS))
    calls = tmp_path / "calls.jsonl"
    calls.write_text(json.dumps({"tool": "unused", "arguments": '{"q": "broken'}) + "\n"
                     + json.dumps({"tool": "search", "arguments": {"query": "x"}}) + "\n")
    result = CliRunner().invoke(main, ["infer", str(calls), "--tools", str(tmp_path / "tools.json")])
    lines = result.stdout.splitlines()
    assert "unused: 1 call whose arguments are not a JSON object" in lines
    assert lines[-1] == "2 calls read (1 with arguments that are not a JSON object, not summarised)"
    data = json.loads(CliRunner().invoke(main, ["infer", str(calls), "--tools", str(tmp_path / "tools.json"),
                                                "--output-format", "json"]).stdout)
    assert (data["calls"], data["calls_not_objects"], data["tools_without_calls"]) == (1, 1, 0)
