"""Every recorded-call shape `replay` reads, and lines that hold none."""

from __future__ import annotations

import json

from schema_lint.traffic.calls import BrokenLine, RecordedCall, calls_in, read_calls

SHAPES = [
    ({"tool": "search", "arguments": {"q": "a"}}, [("search", {"q": "a"})]),
    ({"name": "search", "args": {"q": "b"}}, [("search", {"q": "b"})]),
    ({"role": "assistant", "tool_calls": [
        {"id": "c1", "type": "function", "function": {"name": "search", "arguments": "{\"q\": \"c\"}"}},
        {"id": "c2", "type": "function", "function": {"name": "create", "arguments": "{}"}}]},
     [("search", "{\"q\": \"c\"}"), ("create", "{}")]),
    ({"choices": [{"message": {"role": "assistant", "tool_calls": [
        {"id": "c3", "type": "function", "function": {"name": "search", "arguments": "{}"}}]}}]},
     [("search", "{}")]),
    ({"type": "function_call", "call_id": "fc1", "name": "search", "arguments": "{\"q\": \"d\"}"},
     [("search", "{\"q\": \"d\"}")]),
    ({"output": [{"type": "message", "content": []},
                 {"type": "function_call", "call_id": "fc2", "name": "create", "arguments": "{}"}]},
     [("create", "{}")]),
    ({"role": "assistant", "content": [{"type": "text", "text": "ok"},
                                       {"type": "tool_use", "id": "tu1", "name": "search", "input": {"q": "e"}}]},
     [("search", {"q": "e"})]),
    # Llama's call shape: `parameters` holding the values.
    ({"name": "search", "parameters": {"q": "g"}}, [("search", {"q": "g"})]),
    # A plain call that also keeps the tool's answer as a list.
    ({"tool": "search", "arguments": {"q": "h"}, "output": [{"type": "text", "text": "found"}]}, [("search", {"q": "h"})]),
    ({"tool": "search", "arguments": {"q": "i"}, "content": [{"type": "text", "text": "found"}]}, [("search", {"q": "i"})]),
    # Tools the provider runs itself are no calls; the client's tool_use beside them is.
    ({"role": "assistant", "content": [
        {"type": "server_tool_use", "id": "st1", "name": "web_search", "input": {"query": "x"}},
        {"type": "web_search_tool_result", "tool_use_id": "st1", "content": []},
        {"type": "mcp_tool_use", "id": "mt1", "name": "remote", "server_name": "s", "input": {}},
        {"type": "tool_use", "id": "tu2", "name": "search", "input": {"q": "j"}}]}, [("search", {"q": "j"})]),
    ({"jsonrpc": "2.0", "id": 7, "method": "tools/call", "params": {"name": "search", "arguments": {"q": "f"}}},
     [("search", {"q": "f"})]),
    ([{"tool": "a", "arguments": {}}, {"tool": "b", "arguments": {}}], [("a", {}), ("b", {})]),
]


def _write(tmp_path, lines: list[str], name: str = "calls.jsonl") -> str:
    path = tmp_path / name
    path.write_text("\n".join(lines) + "\n", encoding="utf-8")
    return str(path)


def test_each_shape_yields_its_calls_in_order(tmp_path):
    path = _write(tmp_path, [json.dumps(record) for record, _ in SHAPES])
    calls = list(read_calls([path]))
    assert all(isinstance(c, RecordedCall) for c in calls)
    assert [(c.tool, c.arguments) for c in calls] == [pair for _, expected in SHAPES for pair in expected]
    assert [c.index for c in calls] == list(range(len(calls)))
    assert calls[2].call_id == "c1" and calls[-3].call_id == "7"


def test_a_plain_record_is_read_with_a_look_at_its_keys_not_one_per_shape():
    looked_up = []

    class Record(dict):
        def get(self, key, default=None):
            looked_up.append(key)
            return super().get(key, default)

    record = Record(tool="search", arguments={"q": "a"}, id="c1", uid="x")
    assert list(calls_in(record)) == [("search", {"q": "a"}, "c1")]
    assert looked_up == ["name", "tool", "id"]  # no shape's key: method, tool_calls, choices …
    typed = Record(type="note", tool="search", arguments={})
    assert list(calls_in(typed)) == [("search", {}, None)]  # a key some shape has: each shape is tried


def test_broken_lines_are_reported_with_their_line_number_and_the_run_goes_on(tmp_path):
    path = _write(tmp_path, ['{"tool": "a", "arguments": {}}', "{not json", "", '{"role": "user", "content": "hi"}',
                             '{"tool": "b", "arguments": {}}'])
    items = list(read_calls([path]))
    broken = [i for i in items if isinstance(i, BrokenLine)]
    assert [(b.line, b.reason.split(":")[0]) for b in broken] == [(2, "not JSON"), (4, "no tool call found")]
    assert [i.tool for i in items if isinstance(i, RecordedCall)] == ["a", "b"]


def test_a_json_file_is_one_record(tmp_path):
    path = tmp_path / "calls.json"
    path.write_text(json.dumps([{"tool": "a", "arguments": {}}, {"tool": "b", "arguments": {}}], indent=2))
    assert [c.tool for c in read_calls([str(path)])] == ["a", "b"]


def test_each_record_of_a_list_carries_its_own_tool_reference(tmp_path):
    """A `.json` file's list of dataset records (or one line holding several) lost each
    record's `tool_uid` and `tool_def`: its calls met the first tool of their name."""
    records = [{"tool": "get_weather", "arguments": {"unit": "kelvin"}, "tool_uid": "b"},
               {"tool": "get_weather", "arguments": {}, "tool_def": {"name": "get_weather", "parameters": {}}}]
    for name, text in (("calls.json", json.dumps(records)), ("calls.jsonl", json.dumps(records) + "\n")):
        path = tmp_path / name
        path.write_text(text)
        calls = list(read_calls([str(path)]))
        assert [(c.tool_uid, c.tool_definition) for c in calls] == [("b", None), (None, records[1]["tool_def"])]


NOT_CALLS = [
    # Tool definitions: their `parameters` is a schema.
    {"type": "function", "name": "search", "parameters": {"type": "object", "properties": {}}, "strict": True},
    {"name": "search", "description": "Search.", "parameters": {"type": "object", "properties": {"q": {}}}},
    # Calls the provider runs.
    {"output": [{"type": "mcp_call", "name": "remote", "arguments": "{}", "server_label": "s"}]},
    {"type": "server_tool_use", "id": "st2", "name": "web_search", "input": {}},
]


def test_definitions_and_calls_the_provider_runs_are_no_calls():
    """A Responses function tool or a bare function definition was replayed as a call whose
    arguments were its schema; a server tool's use as a call to an unknown tool."""
    assert [list(calls_in(record)) for record in NOT_CALLS] == [[]] * len(NOT_CALLS)
